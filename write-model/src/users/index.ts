export * from './users.events.ts';
export * from './users.state.ts';
export * from './users.decider.ts';
export * from './commands/reset-password.ts';
export * from './commands/register-super-admin.ts';
export * from './commands/create-user.ts';
export * from './commands/update-profile.ts';
export * from './commands/change-password.ts';
