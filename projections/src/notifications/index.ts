export * from './templates.ts';
export * from './outbox.schema.ts';
export * from './providers.ts';
export * from './dispatcher.ts';
export * from './notify.config.ts';
export * from './notifications.queries.ts';
export { toE164 } from './enqueue.ts';
export * from './receipts.ts';
export { notificationsProjection } from './notifications.projection.ts';
