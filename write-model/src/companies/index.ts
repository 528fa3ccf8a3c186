export * from './companies.events.ts';
export * from './companies.state.ts';
export * from './commands/register-company.ts';
export * from './member-quota.ts';
