export * from './identities.ts';
export * from './listings.ts';
export * from './mls.ts';
export * from './newsletter.ts';
export * from './products.ts';
export * from './properties.ts';
export * from './rate-limits.ts';
export * from './users.ts';
