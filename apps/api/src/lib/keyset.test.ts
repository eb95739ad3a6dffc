import { describe, expect, it } from 'vitest';
import { BadCursorError, cursorValues, encodeCursor, preparedShapes } from './keyset.ts';

describe('prepared statements per shape', () => {
  it('builds each shape once, named by the shape whatever the order of its keys', () => {
    const built: string[] = [];
    const query = preparedShapes(
      'admin_things',
      (_shape: Record<string, string | boolean>, name) => {
        built.push(name);
        return { name };
      },
    );
    const first = query({ dir: 'desc', search: false, cursor: true });
    expect(query({ cursor: true, search: false, dir: 'desc' })).toBe(first);
    query({ dir: 'asc', search: false, cursor: true });
    expect(built).toEqual(['admin_things:1,desc,0', 'admin_things:1,asc,0']);
  });

  it('reads a cursor into the placeholders, and refuses one we did not make', () => {
    expect(cursorValues(encodeCursor('2026-12-01 10:00:00+00', 42))).toEqual({
      cursorValue: '2026-12-01 10:00:00+00',
      cursorId: 42,
    });
    expect(() => cursorValues('not-a-cursor')).toThrow(BadCursorError);
  });
});
