/**
 * @lantern/valuation: closed sales under RESO names, read from CSV, and the valuation engine
 * (pure: its inputs are the subject's facts and candidate sales; no database access).
 */
export { type ClosedSale, dayNumber, dayOf } from './sale.ts';
