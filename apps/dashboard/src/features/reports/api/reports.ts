import {
  type TReportDayRangeQuery,
  type TReportRangeQuery,
  ZOrdersReportSchema,
  ZRevenueReportSchema,
  ZSubmissionsReportSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** `?from=…&to=…` with only the months or days chosen (the server fills in the default range). */
function rangeQuery(range: TReportRangeQuery | TReportDayRangeQuery): string {
  const q = new URLSearchParams();
  if (range.from) q.set('from', range.from);
  if (range.to) q.set('to', range.to);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const useRevenueReport = (range: TReportRangeQuery) =>
  useQuery({
    queryKey: ['admin', 'reports', 'revenue', range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) =>
      api.get(`${ADMIN_API.reportRevenue}${rangeQuery(range)}`, {
        schema: ZRevenueReportSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useOrdersReport = (range: TReportRangeQuery) =>
  useQuery({
    queryKey: ['admin', 'reports', 'orders', range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) =>
      api.get(`${ADMIN_API.reportOrders}${rangeQuery(range)}`, {
        schema: ZOrdersReportSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useSubmissionsReport = (range: TReportDayRangeQuery) =>
  useQuery({
    queryKey: ['admin', 'reports', 'submissions', range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) =>
      api.get(`${ADMIN_API.reportSubmissions}${rangeQuery(range)}`, {
        schema: ZSubmissionsReportSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The CSV of the range on screen: the months the report answered, so the file matches. */
export const revenueExportHref = (from: string, to: string) =>
  `${ADMIN_API.reportRevenueExport}${rangeQuery({ from, to })}`;
export const ordersExportHref = (from: string, to: string) =>
  `${ADMIN_API.reportOrdersExport}${rangeQuery({ from, to })}`;
export const submissionsExportHref = (from: string, to: string) =>
  `${ADMIN_API.reportSubmissionsExport}${rangeQuery({ from, to })}`;
