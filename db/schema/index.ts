export * from './admin';
export * from './incidents';
