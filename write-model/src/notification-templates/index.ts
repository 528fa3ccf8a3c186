export * from './notification-templates.events.ts';
export * from './notification-templates.state.ts';
export * from './commands/set-notification-template.ts';
