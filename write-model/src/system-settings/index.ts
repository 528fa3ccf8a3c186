export * from './system-settings.events.ts';
export * from './system-settings.state.ts';
export * from './commands/save-system-setting.ts';
export * from './commands/delete-system-setting.ts';
