import type { TOrdersReport, TRevenueReport, TSubmissionsReport } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import {
  dayLabels,
  longDayLabel,
  monthLabel,
  ordersByMonth,
  revenueByProduct,
  revenueGrandTotal,
  revenueMonthTotals,
  submissionBoardTotals,
  submissionGrandTotal,
  submissionRows,
  topSeries,
} from './report-data.ts';

const zero = {
  invoices: 0,
  invoicedCents: 0,
  taxCents: 0,
  depositCents: 0,
  paymentsCents: 0,
  refundsCents: 0,
  collectedCents: 0,
};

const revenue: TRevenueReport = {
  from: '2025-01',
  to: '2025-02',
  timeZone: 'America/New_York',
  months: ['2025-01', '2025-02'],
  products: [
    { slug: 'b', name: 'Beta' },
    { slug: 'a', name: 'Alpha' },
  ],
  cells: [
    { month: '2025-01', product: 'b', ...zero, paymentsCents: 500, collectedCents: 500 },
    { month: '2025-01', product: 'a', ...zero, invoices: 1, invoicedCents: 900 },
    { month: '2025-02', product: 'b', ...zero, refundsCents: 200, collectedCents: -200 },
    { month: '2025-02', product: 'a', ...zero },
  ],
  totals: [
    {
      month: '2025-01',
      ...zero,
      invoices: 1,
      invoicedCents: 900,
      paymentsCents: 500,
      collectedCents: 500,
    },
    { month: '2025-02', ...zero, refundsCents: 200, collectedCents: -200 },
  ],
};

describe('report data', () => {
  it('labels a month without any time zone moving it', () => {
    expect(monthLabel('2025-01')).toBe('Jan 2025');
    expect(monthLabel('2024-12')).toBe('Dec 2024');
  });

  it('pivots revenue into product rows and month columns for the chosen measure', () => {
    expect(revenueByProduct(revenue, 'collected')).toEqual([
      { key: 'b', label: 'Beta', values: [500, -200], total: 300 },
      { key: 'a', label: 'Alpha', values: [0, 0], total: 0 },
    ]);
    expect(revenueByProduct(revenue, 'invoiced')[1]).toEqual({
      key: 'a',
      label: 'Alpha',
      values: [900, 0],
      total: 900,
    });
    expect(revenueMonthTotals(revenue, 'collected')).toEqual([500, -200]);
    expect(revenueGrandTotal(revenue)).toMatchObject({
      invoicedCents: 900,
      paymentsCents: 500,
      refundsCents: 200,
      collectedCents: 300,
    });
  });

  it('keeps the biggest series for a chart and adds the rest into one', () => {
    const rows = [
      { key: 'x', label: 'X', values: [1, 1], total: 2 },
      { key: 'y', label: 'Y', values: [10, -10], total: 0 },
      { key: 'z', label: 'Z', values: [3, 0], total: 3 },
      { key: 'n', label: 'None', values: [0, 0], total: 0 },
    ];
    expect(topSeries(rows, 3)).toEqual({ rows: [rows[1], rows[2], rows[0]], other: null });
    expect(topSeries(rows, 1)).toEqual({ rows: [rows[1]], other: [4, 1] });
  });

  it('adds orders up by month for one product or all', () => {
    const none = {
      pending_payment: 0,
      quote_requested: 0,
      confirmed: 0,
      completed: 0,
      cancelled: 0,
    };
    const report: TOrdersReport = {
      from: '2025-01',
      to: '2025-02',
      timeZone: 'UTC',
      months: ['2025-01', '2025-02'],
      products: [
        { slug: 'a', name: 'A' },
        { slug: 'b', name: 'B' },
      ],
      cells: [
        { month: '2025-01', product: 'a', counts: { ...none, confirmed: 2 }, total: 2 },
        { month: '2025-01', product: 'b', counts: { ...none, cancelled: 1 }, total: 1 },
        { month: '2025-02', product: 'a', counts: none, total: 0 },
        { month: '2025-02', product: 'b', counts: none, total: 0 },
      ],
    };
    expect(ordersByMonth(report, '')).toEqual([
      { month: '2025-01', counts: { ...none, confirmed: 2, cancelled: 1 }, total: 3 },
      { month: '2025-02', counts: none, total: 0 },
    ]);
    expect(ordersByMonth(report, 'b')[0]).toEqual({
      month: '2025-01',
      counts: { ...none, cancelled: 1 },
      total: 1,
    });
  });

  it('labels days without any time zone moving them, with the year when it changes', () => {
    expect(dayLabels(['2025-03-09', '2025-03-10'])).toEqual(['Mar 9', 'Mar 10']);
    expect(dayLabels(['2024-12-31', '2025-01-01'])).toEqual(['Dec 31, 2024', 'Jan 1, 2025']);
    expect(longDayLabel('2025-03-09')).toBe('Sun, March 9, 2025');
  });

  it('lists the days and MLSs where something happened, and adds each MLS up', () => {
    const none = { submitted: 0, approved: 0, returned: 0, rejected: 0 };
    const report: TSubmissionsReport = {
      from: '2025-03-09',
      to: '2025-03-10',
      timeZone: 'UTC',
      days: ['2025-03-09', '2025-03-10'],
      boards: [
        { slug: 'a', name: 'Atlas MLS', shortName: 'Atlas' },
        { slug: null, name: 'No MLS confirmed yet', shortName: 'No MLS confirmed yet' },
      ],
      cells: [
        { day: '2025-03-09', board: 'a', counts: { ...none, submitted: 2 } },
        { day: '2025-03-09', board: null, counts: none },
        { day: '2025-03-10', board: 'a', counts: { ...none, approved: 1 } },
        { day: '2025-03-10', board: null, counts: { ...none, rejected: 1 } },
      ],
      totals: [
        { day: '2025-03-09', counts: { ...none, submitted: 2 } },
        { day: '2025-03-10', counts: { ...none, approved: 1, rejected: 1 } },
      ],
    };
    expect(submissionRows(report)).toEqual([
      {
        day: '2025-03-09',
        board: 'a',
        boardName: 'Atlas MLS',
        counts: { ...none, submitted: 2 },
        total: 2,
      },
      {
        day: '2025-03-10',
        board: 'a',
        boardName: 'Atlas MLS',
        counts: { ...none, approved: 1 },
        total: 1,
      },
      {
        day: '2025-03-10',
        board: null,
        boardName: 'No MLS confirmed yet',
        counts: { ...none, rejected: 1 },
        total: 1,
      },
    ]);
    expect(submissionBoardTotals(report).map((r) => [r.boardName, r.counts, r.total])).toEqual([
      ['Atlas MLS', { ...none, submitted: 2, approved: 1 }, 3],
      ['No MLS confirmed yet', { ...none, rejected: 1 }, 1],
    ]);
    expect(submissionGrandTotal(report)).toEqual({
      ...none,
      submitted: 2,
      approved: 1,
      rejected: 1,
    });
  });
});
