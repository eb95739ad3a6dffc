import { BADGE_COLORS, PROPERTY_ROLES, ROLE_LABELS } from '@lantern/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import { RoleBadge } from './role-badge.tsx';
import { tokens } from './tokens.ts';

describe('RoleBadge', () => {
  it.each(PROPERTY_ROLES)('shows %s with its label and colour on white text', (role) => {
    render(<RoleBadge propertyRole={role} />);
    const badge = screen.getByText(ROLE_LABELS[role]);
    expect(badge.className).toContain('ln-badge');
    expect(badge.style.backgroundColor).toBe(hexToRgb(BADGE_COLORS[role]));
    expect(badge.style.color).toBe('var(--ln-color-text-inverse)');
    expect(contrastRatio(tokens.color.textInverse, BADGE_COLORS[role])).toBeGreaterThanOrEqual(4.5);
  });

  it('shows "Seller Agent" for sellerAgent', () => {
    render(<RoleBadge propertyRole="sellerAgent" />);
    expect(screen.getByText('Seller Agent')).toBeTruthy();
  });
});

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
