export * from './agents.events.ts';
export * from './agents.state.ts';
export * from './agent-links.ts';
export * from './commands/register-agent.ts';
export * from './commands/update-agent.ts';
export * from './commands/onboard-client.ts';
