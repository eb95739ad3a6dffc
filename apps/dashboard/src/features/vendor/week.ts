import type { TVendorWorkOrder } from '@lantern/contracts';

/** A calendar day as YYYY-MM-DD in the person's own time zone. */
export function localDay(at: Date): string {
  const y = at.getFullYear();
  const m = String(at.getMonth() + 1).padStart(2, '0');
  const d = String(at.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The day `days` after a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export interface VendorWeek {
  /** Scheduled for a day already gone and still not done. */
  late: TVendorWorkOrder[];
  today: TVendorWorkOrder[];
  /** The six days after today. */
  week: TVendorWorkOrder[];
}

/**
 * A field vendor's scheduled trips by when they are due (issue 47), from the list sorted by day:
 * late, today and the rest of the week; anything later stays on the full list.
 */
export function vendorWeek(rows: readonly TVendorWorkOrder[], today: string): VendorWeek {
  const last = addDays(today, 6);
  const week: VendorWeek = { late: [], today: [], week: [] };
  for (const row of rows) {
    const day = row.scheduledDay;
    if (!day || row.state !== 'scheduled') continue;
    if (day < today) week.late.push(row);
    else if (day === today) week.today.push(row);
    else if (day <= last) week.week.push(row);
  }
  return week;
}
