import { describe, expect, it } from 'vitest';
import { showingPayload, splitErrors } from './showing-request.ts';

describe('the showing request form', () => {
  it('posts every field by name, the length as a number', () => {
    expect(
      showingPayload([
        ['name', 'Casey'],
        ['date', '2026-07-04'],
        ['duration', '45'],
        ['website', ''],
      ]),
    ).toEqual({ name: 'Casey', date: '2026-07-04', duration: 45, website: '' });
  });

  it('puts each error beside its field and the rest above the form', () => {
    expect(
      splitErrors({ time: ['Choose a start time.'], token: ['x'], note: [] }, [
        'name',
        'time',
        'note',
      ]),
    ).toEqual({ byField: { time: 'Choose a start time.' }, other: ['x'] });
  });
});
