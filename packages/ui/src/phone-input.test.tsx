import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_ERROR } from './phone.ts';
import { PhoneInput, type PhoneValue } from './phone-input.tsx';

function setup(props: Partial<Parameters<typeof PhoneInput>[0]> = {}) {
  const onChange = vi.fn<(value: PhoneValue) => void>();
  const user = userEvent.setup();
  render(<PhoneInput label="Phone" name="phone" onChange={onChange} {...props} />);
  const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Phone' });
  const country = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Country' });
  const lastValue = () => onChange.mock.lastCall?.[0];
  return { user, input, country, onChange, lastValue };
}

describe('PhoneInput', () => {
  it('defaults to the US with US and Canada listed first and the dial code beside the number', () => {
    const { input, country } = setup();
    expect(country.value).toBe('US');
    const options = Array.from(country.options).map((o) => o.value);
    expect(options.slice(0, 2)).toEqual(['US', 'CA']);
    expect(options.filter((code) => code === 'US')).toHaveLength(1);
    expect(screen.getByText('+1')).toBeTruthy();
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('+1');
  });

  it('formats as you type and reports E.164 and validity', async () => {
    const { user, input, lastValue } = setup();
    await user.type(input, '2025550123');
    expect(input.value).toBe('(202) 555-0123');
    expect(lastValue()).toEqual({
      text: '(202) 555-0123',
      country: 'US',
      e164: '+12025550123',
      valid: true,
      error: undefined,
    });
    const hidden = document.querySelector<HTMLInputElement>('input[type="hidden"][name="phone"]');
    expect(hidden?.value).toBe('+12025550123');
  });

  it('shows the plain-words error after leaving an invalid number, wired to the input', async () => {
    const { user, input, lastValue } = setup();
    await user.type(input, '202555');
    expect(screen.queryByText(PHONE_ERROR)).toBeNull();
    expect(lastValue()).toMatchObject({ valid: false, e164: undefined, error: PHONE_ERROR });

    await user.tab();

    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText('Enter a valid phone number for the selected country.');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);

    await user.type(input, '0123');
    expect(screen.queryByText(PHONE_ERROR)).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('leaves an empty field without an error', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.tab();
    expect(screen.queryByText(PHONE_ERROR)).toBeNull();
  });

  it('limits input to 25 characters by default', async () => {
    const first = setup();
    expect(first.input.maxLength).toBe(25);
    await first.user.type(first.input, '1'.repeat(40));
    expect(first.input.value.length).toBeLessThanOrEqual(25);
  });

  it('honours a custom maxLength', async () => {
    const { user, input } = setup({ maxLength: 8 });
    expect(input.maxLength).toBe(8);
    await user.type(input, '2025550123');
    expect(input.value.length).toBeLessThanOrEqual(8);
  });

  it('switches the country to match a number typed with +', async () => {
    const { user, input, country, lastValue } = setup();
    await user.type(input, '+44 20 7946 0958');
    expect(country.value).toBe('GB');
    expect(screen.getByText('+44')).toBeTruthy();
    expect(lastValue()).toMatchObject({ country: 'GB', e164: '+442079460958', valid: true });
  });

  it('checks the number against a newly selected country', async () => {
    const { user, input, country, lastValue } = setup();
    await user.type(input, '2025550123');
    await user.selectOptions(country, 'GB');
    expect(lastValue()).toMatchObject({ country: 'GB', valid: false, error: PHONE_ERROR });
    await user.selectOptions(country, 'CA');
    expect(lastValue()).toMatchObject({ country: 'CA', valid: true, e164: '+12025550123' });
  });

  it('takes a default country and a default E.164 value', () => {
    const { input, country } = setup({ defaultCountry: 'CA', defaultValue: '+16135550123' });
    expect(country.value).toBe('CA');
    expect(input.value).toBe('(613) 555-0123');
  });

  it('prefers an outside error, e.g. from the server', () => {
    const { input } = setup({ error: 'Phone is required' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Phone is required')).toBeTruthy();
  });
});
