import { createRequire } from 'node:module';
import { SOCIAL_PROVIDERS } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { PROVIDER_LOGOS } from './provider-logos.tsx';

const require = createRequire(import.meta.url);
const set = require('@iconify-json/logos/icons.json') as {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
};

describe('provider logos', () => {
  it('has a mark for every provider, unchanged from the CC0 logo set', () => {
    for (const provider of SOCIAL_PROVIDERS) {
      const logo = PROVIDER_LOGOS[provider];
      const source = set.icons[logo.icon];
      expect(source, logo.icon).toBeDefined();
      const width = source?.width ?? set.width;
      const height = source?.height ?? set.height;
      expect(logo.viewBox).toBe(`0 0 ${width} ${height}`);
      // Only the Apple mark is recoloured, to follow the button's text.
      expect(logo.body.replace(' fill="currentColor"', '')).toBe(source?.body);
    }
  });
});
