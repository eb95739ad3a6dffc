import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field.tsx';

describe('TextField', () => {
  it('labels the input', () => {
    render(<TextField label="City" name="city" />);
    const input = screen.getByLabelText('City');
    expect(input.getAttribute('name')).toBe('city');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('ties the hint and the error to the input and marks it invalid', () => {
    render(<TextField label="City" hint="As on your deed." error="City is required" />);
    const input = screen.getByRole('textbox', { name: 'City' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['As on your deed.', 'City is required']);
  });

  it('keeps an aria-describedby given by the caller', () => {
    render(
      <>
        <p id="extra">Extra help</p>
        <TextField label="Zip Code" aria-describedby="extra" error="Zip Code is required" />
      </>,
    );
    const input = screen.getByLabelText('Zip Code');
    expect(input.getAttribute('aria-describedby')).toMatch(/^extra .+-error$/);
  });

  it('uses the id it is given', () => {
    render(<TextField id="street" label="Street Address" error="Street Address is required" />);
    expect(screen.getByLabelText('Street Address').getAttribute('aria-describedby')).toBe(
      'street-error',
    );
  });
});
