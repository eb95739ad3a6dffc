import { describe, expect, it } from 'vitest';
import { discountFor, dueDate, priceInvoice, priceOrder } from './pricing.ts';

describe('order pricing', () => {
  it('charges the catalogue price with no coupon and no tax', () => {
    expect(priceOrder(14_900, null, 0)).toEqual({
      subtotalCents: 14_900,
      discountCents: 0,
      taxCents: 0,
      totalCents: 14_900,
    });
  });

  it('rounds a percentage discount and the tax half up, to the cent', () => {
    // 15% of $149.00 = $22.35; tax 6.25% of $126.65 = 7.915625 → $7.92.
    expect(priceOrder(14_900, { percentOff: 15, amountOffCents: null }, 625)).toEqual({
      subtotalCents: 14_900,
      discountCents: 2_235,
      taxCents: 792,
      totalCents: 13_457,
    });
    // 33% of 0.99 = 0.3267 → 0.33; 50% of 0.01 = 0.005 → 0.01 (half up).
    expect(discountFor(99, { percentOff: 33, amountOffCents: null })).toBe(33);
    expect(discountFor(1, { percentOff: 50, amountOffCents: null })).toBe(1);
  });

  it('never discounts below zero', () => {
    expect(priceOrder(14_900, { percentOff: null, amountOffCents: 20_000 }, 825)).toEqual({
      subtotalCents: 14_900,
      discountCents: 14_900,
      taxCents: 0,
      totalCents: 0,
    });
    expect(discountFor(14_900, { percentOff: 100, amountOffCents: null })).toBe(14_900);
  });

  it('adds up: total = subtotal - discount + tax for every cent amount and rate', () => {
    for (let price = 0; price <= 2_000; price += 7) {
      for (const bps of [0, 1, 625, 725, 1_000]) {
        const p = priceOrder(price, { percentOff: 17, amountOffCents: null }, bps);
        expect(p.totalCents).toBe(p.subtotalCents - p.discountCents + p.taxCents);
        expect(p.totalCents).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(p.taxCents)).toBe(true);
      }
    }
  });

  it('bills a refundable deposit untaxed and undiscounted', () => {
    // Lockbox: $39 rental at 6.25% with 50% off, plus the $100 deposit.
    // Discount $19.50 on the rental only; tax 6.25% of $19.50 = 1.21875 → $1.22.
    expect(priceOrder(3_900, { percentOff: 50, amountOffCents: null }, 625, 10_000)).toEqual({
      subtotalCents: 13_900,
      discountCents: 1_950,
      taxCents: 122,
      totalCents: 12_072,
    });
    // A fixed amount larger than the rental never eats into the deposit.
    expect(priceOrder(3_900, { percentOff: null, amountOffCents: 5_000 }, 625, 10_000)).toEqual({
      subtotalCents: 13_900,
      discountCents: 3_900,
      taxCents: 0,
      totalCents: 10_000,
    });
  });

  it('puts the due date the given days later, across a month end', () => {
    expect(dueDate(new Date('2026-01-25T23:30:00Z'), 14)).toBe('2026-02-08');
  });
});

describe('invoice pricing from its lines', () => {
  it('prices a one-order invoice exactly as the order was priced', () => {
    for (const price of [1, 99, 3_900, 14_900, 123_457]) {
      for (const bps of [0, 1, 625, 825, 1_000]) {
        for (const coupon of [null, { percentOff: 15, amountOffCents: null }]) {
          for (const deposit of [0, 10_000]) {
            const lines = [
              { amountCents: price, taxable: true },
              ...(deposit ? [{ amountCents: deposit, taxable: false }] : []),
            ];
            expect(priceInvoice(lines, discountFor(price, coupon), bps)).toEqual(
              priceOrder(price, coupon, bps, deposit),
            );
          }
        }
      }
    }
  });

  it('keeps the discount, taxes the added lines once, leaves deposits untaxed', () => {
    // $149 listing with $20 off, + $179 photography + $39 lockbox and its $100 deposit, 6.25%:
    // taxed 149 + 179 + 39 − 20 = $347.00 → tax $21.6875 → $21.69.
    const lines = [
      { amountCents: 14_900, taxable: true },
      { amountCents: 17_900, taxable: true },
      { amountCents: 3_900, taxable: true },
      { amountCents: 10_000, taxable: false },
    ];
    expect(priceInvoice(lines, 2_000, 625)).toEqual({
      subtotalCents: 46_700,
      discountCents: 2_000,
      taxCents: 2_169,
      totalCents: 46_869,
    });
  });

  it('never discounts more than the taxed lines', () => {
    expect(priceInvoice([{ amountCents: 10_000, taxable: false }], 500, 625)).toEqual({
      subtotalCents: 10_000,
      discountCents: 0,
      taxCents: 0,
      totalCents: 10_000,
    });
  });
});
