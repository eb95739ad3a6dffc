import { dollarsToCents } from '@lantern/domain';

/**
 * Dollars as typed ("15,000", "7500.5") as the cents a request sends. What is not an amount is
 * NaN, so the contract's schema gives its words for it, as the server would.
 */
export const asCents = (text: unknown): number => dollarsToCents(String(text ?? '')) ?? Number.NaN;
