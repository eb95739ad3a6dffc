import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EXTERNAL_LINKS } from '@lantern/contracts/external-links';
import { describe, expect, it } from 'vitest';
import { loadExternalLinks, parseExternalLinks } from './external-links.ts';

const defaults = DEFAULT_EXTERNAL_LINKS as Record<string, unknown>;

describe('external links', () => {
  it('ships valid defaults with every link the spec names', () => {
    const links = loadExternalLinks(undefined);
    expect(links.reviewSites).toHaveLength(2);
    expect(Object.keys(links.videos)).toEqual([
      'whatIsTheMls',
      'createMlsListing',
      'createMlsChange',
    ]);
    expect(links.helpCenter.url).toMatch(/^https:\/\//);
  });

  it('reads an override file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'links-'));
    const file = join(dir, 'links.json');
    const custom = { ...defaults, helpCenter: { label: 'Help', url: 'https://help.example.com/' } };
    writeFileSync(file, JSON.stringify(custom));
    expect(loadExternalLinks(file).helpCenter.url).toBe('https://help.example.com/');
  });

  it('names the bad entry', () => {
    expect(() =>
      parseExternalLinks({
        ...defaults,
        communityForum: { label: 'x', url: 'javascript:alert(1)' },
      }),
    ).toThrow(/communityForum\.url/);
    expect(() => parseExternalLinks({ ...defaults, reviewSites: [] })).toThrow(/reviewSites/);
  });
});
