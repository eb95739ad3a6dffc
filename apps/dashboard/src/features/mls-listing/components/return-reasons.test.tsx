// @vitest-environment jsdom
import { TextField } from '@lantern/ui';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReasonsNote, withReasons } from './return-reasons.tsx';

afterEach(cleanup);

const reasons = {
  ListPrice: ['The price is missing a digit.'],
  Owners: ['Add the second owner named on the deed.', 'Use each owner’s own email.'],
};

describe('return reasons', () => {
  it('joins a field’s reasons to its description, after its own hint', () => {
    render(
      <>
        <TextField label="List price" hint={withReasons('In dollars.', reasons, 'ListPrice')} />
        <TextField label="Year built" hint={withReasons(undefined, reasons, 'YearBuilt')} />
      </>,
    );
    const price = screen.getByLabelText('List price');
    const described = document.getElementById(price.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('In dollars.Our team:The price is missing a digit.');
    expect(screen.getByRole('note').textContent).toContain('The price is missing a digit.');
    // A field staff said nothing about has no description at all.
    expect(screen.getByLabelText('Year built').getAttribute('aria-describedby')).toBeNull();
  });

  it('lists the reasons of a group of fields as a note, and nothing without any', () => {
    const { container, rerender } = render(
      <ReasonsNote reasons={reasons} fields={['Owners', 'listing']} />,
    );
    const note = screen.getByRole('note');
    expect([...note.querySelectorAll('li')].map((li) => li.textContent)).toEqual(reasons.Owners);
    rerender(<ReasonsNote reasons={null} fields={['Owners']} />);
    expect(container.textContent).toBe('');
  });
});
