export * from './admin';
export * from './incidents';
export * from './workers';
export * from './notifications';
export * from './idempotency';
export * from './views';
export * from './teams';
export * from './oncall';
