export * from './properties.ts';
export * from './rate-limits.ts';
export * from './users.ts';
