import { describe, expect, it } from 'vitest';
import { csvStream, safeCell } from './csv-stream.ts';

describe('CSV export', () => {
  it('keeps spreadsheet formulas as text', () => {
    expect(safeCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(safeCell('+1 555')).toBe("'+1 555");
    expect(safeCell('@home')).toBe("'@home");
    expect(safeCell('plain')).toBe('plain');
    expect(safeCell(-5)).toBe('-5');
    expect(safeCell(null)).toBe('');
  });

  it('walks the list a batch at a time, one chunk per batch, header once', async () => {
    const asked: Array<string | undefined> = [];
    const stream = csvStream<{ n: number }>({
      columns: [{ header: 'N', value: (r) => r.n }],
      fetchPage: async (cursor) => {
        asked.push(cursor);
        const from = cursor ? Number(cursor) : 0;
        const rows = Array.from({ length: Math.min(3, 7 - from) }, (_, i) => ({ n: from + i }));
        return { rows, nextCursor: from + 3 < 7 ? String(from + 3) : null };
      },
      onError: () => undefined,
    });
    const chunks: string[] = [];
    for await (const chunk of stream) chunks.push(String(chunk));
    expect(asked).toEqual([undefined, '3', '6']);
    expect(chunks).toHaveLength(3);
    expect(chunks.join('').replace(/^\uFEFF/, '')).toBe('N\n0\n1\n2\n3\n4\n5\n6\n');
  });
});
