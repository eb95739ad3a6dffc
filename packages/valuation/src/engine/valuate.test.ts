import { describe, expect, it } from 'vitest';
import { dayNumber, dayOf } from '../sale.ts';
import { AS_OF, CENTRE, market, priceOf } from '../test-market.ts';
import type { SubjectFacts } from './features.ts';
import { valuate } from './valuate.ts';

const SUBJECT: SubjectFacts = {
  Latitude: CENTRE.lat,
  Longitude: CENTRE.lng,
  positionPrecision: 'rooftop',
  LivingArea: 2000,
  LotSizeSquareFeet: 5000,
  BedroomsTotal: 3,
  BathroomsTotalDecimal: 2,
  YearBuilt: 1990,
  PropertyCondition: 3,
};

describe('valuate', () => {
  const sales = market(600);

  it('finds the value of a known market within a few per cent, with its comparables', () => {
    const v = valuate(SUBJECT, sales, { mode: 'customer', asOf: AS_OF });
    if (!v.ok) throw new Error(v.reason);
    const truth = priceOf(2000, 0, 0, 2);
    expect(Math.abs(v.estimate - truth) / truth).toBeLessThan(0.04);
    expect(v.low).toBeLessThan(v.estimate);
    expect(v.high).toBeGreaterThan(v.estimate);
    expect(v.comparables.length).toBeGreaterThanOrEqual(3);
    expect(v.comparables.length).toBeLessThanOrEqual(10);
    expect(v.asOf <= AS_OF).toBe(true);
    expect(v.asOf).toBe(
      v.comparables
        .map((c) => c.sale.CloseDate)
        .sort()
        .at(-1),
    );
  });

  it("states every comparable's adjustments in dollars, adding up to its adjusted price", () => {
    const v = valuate(SUBJECT, sales, { mode: 'customer', asOf: AS_OF });
    if (!v.ok) throw new Error(v.reason);
    for (const c of v.comparables) {
      const total = c.adjustments.reduce((sum, a) => sum + a.dollars, 0);
      expect(Math.abs(c.sale.ClosePrice + total - c.adjustedPrice)).toBeLessThanOrEqual(
        c.adjustments.length + 1,
      );
      // A comparable smaller than the subject is adjusted up for its living area.
      const area = c.adjustments.find((a) => a.kind === 'livingArea')?.dollars ?? 0;
      if ((c.sale.LivingArea as number) < 1900) expect(area).toBeGreaterThan(0);
    }
  });

  it('moves older sales to the as-of date by the local market (rising here)', () => {
    const v = valuate(SUBJECT, sales, { mode: 'customer', asOf: AS_OF, maxComparables: 15 });
    if (!v.ok) throw new Error(v.reason);
    const older = v.comparables.filter((c) => dayNumber(AS_OF) - dayNumber(c.sale.CloseDate) > 60);
    expect(older.length).toBeGreaterThan(0);
    for (const c of older) {
      expect(c.adjustments.find((a) => a.kind === 'market')?.dollars ?? 0).toBeGreaterThan(0);
    }
  });

  it('uses no sale on or after the as-of date', () => {
    const future = market(600).map((s, i) => ({
      ...s,
      ListingKey: `future${i}`,
      CloseDate: dayOf(dayNumber(AS_OF) + (i % 30)),
      ClosePrice: s.ClosePrice * 3,
    }));
    const v = valuate(SUBJECT, [...sales, ...future], { mode: 'customer', asOf: AS_OF });
    const alone = valuate(SUBJECT, sales, { mode: 'customer', asOf: AS_OF });
    expect(v).toEqual(alone);
  });

  it('never values a home placed only at its ZIP code, or without its living area', () => {
    expect(
      valuate({ ...SUBJECT, positionPrecision: 'zip' }, sales, { mode: 'customer', asOf: AS_OF }),
    ).toEqual({
      ok: false,
      reason: 'position_not_exact',
    });
    expect(
      valuate({ ...SUBJECT, LivingArea: null }, sales, { mode: 'customer', asOf: AS_OF }),
    ).toEqual({
      ok: false,
      reason: 'missing_living_area',
    });
  });

  it('says there are not enough recent sales when the nearby ones are over a year old', () => {
    const old = market(600).map((s) => ({
      ...s,
      CloseDate: dayOf(dayNumber(s.CloseDate) - 400),
    }));
    expect(valuate(SUBJECT, old, { mode: 'customer', asOf: AS_OF })).toEqual({
      ok: false,
      reason: 'not_enough_recent_sales',
    });
  });

  it('says so too when the sales are far away', () => {
    const far = market(600).map((s) => ({ ...s, Latitude: (s.Latitude as number) + 0.2 }));
    expect(valuate(SUBJECT, far, { mode: 'customer', asOf: AS_OF })).toMatchObject({ ok: false });
  });

  it('compares a home only with homes of its kind when the kind is known', () => {
    const condos = sales.map((s, i) => ({
      ...s,
      PropertySubType: i % 2 ? 'Condominium' : 'SingleFamilyResidence',
    }));
    const v = valuate({ ...SUBJECT, PropertySubType: 'Condominium' }, condos, {
      mode: 'customer',
      asOf: AS_OF,
    });
    if (!v.ok) throw new Error(v.reason);
    expect(v.comparables.every((c) => c.sale.PropertySubType === 'Condominium')).toBe(true);
  });

  it('does not adjust for a fact the customer did not give', () => {
    const v = valuate({ ...SUBJECT, BathroomsTotalDecimal: null }, sales, {
      mode: 'customer',
      asOf: AS_OF,
    });
    if (!v.ok) throw new Error(v.reason);
    expect(v.comparables.every((c) => c.adjustments.every((a) => a.kind !== 'bathrooms'))).toBe(
      true,
    );
  });
});
