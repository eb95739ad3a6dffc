import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => string | number | boolean | null | undefined;
}

/**
 * Spreadsheet programs run a cell that starts with = + - @ (or a tab or return before one) as a
 * formula; a leading apostrophe keeps such text as text (OWASP "CSV injection").
 */
export function safeCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
}

/**
 * A CSV download of a whole list, fetched a keyset page at a time (issue 15: batches of 1,000),
 * so memory holds one batch whatever the list's length. Each batch becomes one chunk (csv-stringify
 * per batch: a chunk per row made the compressor and socket do 1,000 times the calls), and the
 * next batch is read only when the client has taken the previous one (stream backpressure).
 */
export function csvStream<R>(options: {
  columns: ReadonlyArray<CsvColumn<R>>;
  fetchPage: (cursor: string | undefined) => Promise<{ rows: R[]; nextCursor: string | null }>;
  onError: (err: Error) => void;
}): Readable {
  const { columns, fetchPage } = options;
  const headers = columns.map((c) => c.header);
  async function* batches() {
    let cursor: string | undefined;
    let first = true;
    do {
      const page = await fetchPage(cursor);
      const records = page.rows.map((row) => columns.map((c) => safeCell(c.value(row))));
      if (records.length || first)
        yield stringify(records, { header: first, columns: headers, bom: first });
      first = false;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  const stream = Readable.from(batches(), { objectMode: false, highWaterMark: 1 });
  stream.on('error', options.onError);
  return stream;
}

/** `users-2026-05-01.csv` */
export function csvFileName(list: string, now = new Date()): string {
  return `${list}-${now.toISOString().slice(0, 10)}.csv`;
}
