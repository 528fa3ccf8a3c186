export * from './payments.events.ts';
export * from './payments.state.ts';
export * from './commands/record-payment.ts';
export * from './commands/change-payment-status.ts';
