// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RemarksField } from './remarks-field.tsx';

afterEach(cleanup);

describe('RemarksField', () => {
  it('counts politely and says how far over the limit a text is, without cutting it', () => {
    const { rerender } = render(
      <RemarksField label="Public remarks" value={'a'.repeat(1234)} onChange={() => undefined} />,
    );
    const box = screen.getByLabelText('Public remarks');
    const counter = screen.getByText('1,234 of 4,000 characters');
    expect(counter.getAttribute('aria-live')).toBe('polite');
    expect(box.getAttribute('aria-describedby')).toContain(counter.id);
    expect(box.getAttribute('aria-invalid')).toBeNull();

    rerender(
      <RemarksField label="Public remarks" value={'a'.repeat(4010)} onChange={() => undefined} />,
    );
    expect(screen.getByText('4,010 of 4,000 characters — 10 over the limit')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.hasAttribute('maxlength')).toBe(false);
  });
});
