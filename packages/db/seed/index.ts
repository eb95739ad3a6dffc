export { seedMlsBoards } from './mls.ts';
export { MLS_BOARDS, type MlsBoardSeed } from './mls-boards.ts';
export { seedProductCatalogue } from './products.ts';
export { CATALOGUE, SIGNS_SLUG, US_JURISDICTIONS } from './products-catalogue.ts';
export { type SeedUser, upsertUser } from './users.ts';
