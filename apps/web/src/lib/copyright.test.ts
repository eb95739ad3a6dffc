import { describe, expect, it } from 'vitest';
import { COPYRIGHT_YEAR_ID, COPYRIGHT_YEAR_SCRIPT } from './copyright.ts';

describe('COPYRIGHT_YEAR_SCRIPT', () => {
  function run(renderedYear: string, clockYear: number, present = true) {
    const element = { textContent: renderedYear };
    const document = {
      getElementById: (id: string) => (present && id === COPYRIGHT_YEAR_ID ? element : null),
    };
    class FakeDate {
      getFullYear() {
        return clockYear;
      }
    }
    new Function('document', 'Date', COPYRIGHT_YEAR_SCRIPT)(document, FakeDate);
    return element.textContent;
  }

  it('moves the build year forward to the viewing year', () => {
    expect(run('2025', 2027)).toBe('2027');
  });

  it('keeps the build year when the clock says it is the same year or earlier', () => {
    expect(run('2025', 2025)).toBe('2025');
    expect(run('2025', 2019)).toBe('2025');
  });

  it('does nothing when the element is missing', () => {
    expect(() => run('2025', 2030, false)).not.toThrow();
  });

  it('stays a few bytes', () => {
    expect(COPYRIGHT_YEAR_SCRIPT.length).toBeLessThan(200);
  });
});
