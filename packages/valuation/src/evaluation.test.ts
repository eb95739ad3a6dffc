import { describe, expect, it } from 'vitest';
import { evaluate, summarize } from './evaluation.ts';
import { dayNumber, dayOf } from './sale.ts';
import { market } from './test-market.ts';

describe('evaluate', () => {
  const history = market(800, { maxDaysBefore: 600 }).map((s) => ({
    ...s,
    CloseDate: dayOf(dayNumber(s.CloseDate) - 60),
  }));
  const sales = market(60, { maxDaysBefore: 50 }).map((s, i) => ({ ...s, ListingKey: `t${i}` }));

  it('estimates each sale from strictly earlier sales only', () => {
    const rows = evaluate(history, sales, 'customer');
    // A wildly priced sale on the last day, and one on the same day as another, change nothing
    // for the sales before them: neither a later sale nor the sale itself is ever used.
    const last = sales.reduce((a, b) => (a.CloseDate > b.CloseDate ? a : b));
    const skewed = sales.map((s) => (s === last ? { ...s, ClosePrice: s.ClosePrice * 10 } : s));
    const again = evaluate(history, skewed, 'customer');
    for (const [i, row] of rows.entries()) {
      if (row.sale.CloseDate < last.CloseDate)
        expect(again[i]?.valuation?.estimate).toBe(row.valuation?.estimate);
    }
    const lastRow = again.find((r) => r.sale.ListingKey === last.ListingKey);
    const lastBefore = rows.find((r) => r.sale.ListingKey === last.ListingKey);
    expect(lastRow?.valuation?.estimate).toBe(lastBefore?.valuation?.estimate);
  });

  it('summarises what share was estimated and how far off it was', () => {
    const summary = summarize(evaluate(history, sales, 'customer'));
    expect(summary.sales).toBe(60);
    expect(summary.estimated).toBeGreaterThan(55);
    expect(summary.mdape).toBeLessThan(0.05);
    expect(summary.within20).toBeGreaterThan(0.9);
    expect(summary.p95Ms).toBeGreaterThan(0);
  });
});
