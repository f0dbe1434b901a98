export * from './ids';
export * from './incidents';
export * from './permissions';
export * from './token-scopes';
export * from './workers';
