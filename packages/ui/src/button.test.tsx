import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('renders a type="button" button by default', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('ln-btn ln-btn--primary');
  });

  it('renders a link when given href', () => {
    render(
      <Button href="/flat-fee-mls" variant="accent" size="lg">
        List Your Property
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'List Your Property' });
    expect(link.getAttribute('href')).toBe('/flat-fee-mls');
    expect(link.className).toBe('ln-btn ln-btn--accent ln-btn--lg');
  });

  it('adds noopener to a link that opens a new tab', () => {
    render(
      <Button href="https://example.com" target="_blank">
        Help Center
      </Button>,
    );
    expect(screen.getByRole('link').getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('is disabled and busy while loading', () => {
    render(<Button loading>Create Property</Button>);
    const button = screen.getByRole('button', { name: 'Create Property' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
