import { describe, expect, it } from 'vitest';
import { checkPhone, countryOptions, dialCode, displayPhone, formatPhone } from './phone.ts';

describe('phone rules', () => {
  it('accepts a valid US number and gives E.164', () => {
    expect(checkPhone('(202) 555-0123', 'US')).toEqual({
      e164: '+12025550123',
      valid: true,
      detectedCountry: 'US',
    });
  });

  it.each([
    ['202555012', 'US', 'a digit short'],
    ['20255501234', 'US', 'a digit too many'],
    ['1234567890', 'US', 'an impossible area code'],
    ['+442079460958', 'US', 'a UK number while the US is selected'],
    ['', 'US', 'nothing'],
  ] as const)('rejects %s for %s (%s)', (text, country, _reason) => {
    expect(checkPhone(text, country)).toMatchObject({ valid: false, e164: undefined });
  });

  it('accepts a Canadian number with the US selected: both dial +1', () => {
    expect(checkPhone('613 555 0123', 'US')).toMatchObject({ valid: true, e164: '+16135550123' });
  });

  it('formats as typed and shows valid numbers in national form', () => {
    expect(formatPhone('202555', 'US')).toBe('(202) 555');
    expect(formatPhone('20a2', 'US')).toBe('(202)');
    expect(displayPhone('+1 202 555 0123', 'US')).toBe('(202) 555-0123');
    expect(displayPhone('02079460958', 'GB')).toBe('020 7946 0958');
  });

  it('lists preferred countries first, then the rest by name without repeats', () => {
    const { preferred, others } = countryOptions(['US', 'CA']);
    expect(preferred.map((c) => c.code)).toEqual(['US', 'CA']);
    expect(preferred[0]?.name).toBe('United States');
    expect(others.some((c) => c.code === 'US' || c.code === 'CA')).toBe(false);
    const names = others.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(dialCode('CA')).toBe('+1');
    expect(dialCode('GB')).toBe('+44');
  });
});
