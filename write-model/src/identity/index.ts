export * from './identity.schema.ts';
export * from './credentials.ts';
export * from './passwords.ts';
export * from './reset-tokens.ts';
