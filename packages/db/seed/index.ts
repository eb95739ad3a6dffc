export { type SeedUser, upsertUser } from './users.ts';
