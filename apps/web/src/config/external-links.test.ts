import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExternalLinks, parseExternalLinks } from './external-links.ts';

describe('external links', () => {
  it('ships no invented address: only the fair-housing article, a HUD page', () => {
    const links = loadExternalLinks(undefined);
    expect(links.fairHousing?.url).toMatch(/^https:\/\/www\.hud\.gov\//);
    expect(links.helpCenter).toBeUndefined();
    expect(links.reviewSites).toEqual([]);
    expect(links.social).toEqual([]);
    expect(Object.values(links.videos).filter(Boolean)).toEqual([]);
    expect(JSON.stringify(links)).not.toContain('lantern.example');
  });

  it('reads an override file, naming a fixed link by its address alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'links-'));
    const file = join(dir, 'links.json');
    const custom = {
      helpCenter: { url: 'https://help.example.com/' },
      videos: { whatIsTheMls: { label: 'Watch: the MLS', url: 'https://video.example.com/1' } },
      social: [{ label: 'Facebook', url: 'https://www.facebook.com/example' }],
    };
    writeFileSync(file, JSON.stringify(custom));
    const links = loadExternalLinks(file);
    expect(links.helpCenter).toEqual({ label: 'Help Center', url: 'https://help.example.com/' });
    expect(links.videos.whatIsTheMls?.label).toBe('Watch: the MLS');
    expect(links.videos.createMlsListing).toBeUndefined();
    expect(links.communityForum).toBeUndefined();
    expect(links.social).toHaveLength(1);
  });

  it('takes null as not configured', () => {
    expect(parseExternalLinks({ communityForum: null }).communityForum).toBeUndefined();
  });

  it('names the bad entry', () => {
    expect(() =>
      parseExternalLinks({ communityForum: { label: 'x', url: 'javascript:alert(1)' } }),
    ).toThrow(/communityForum\.url/);
    expect(() => parseExternalLinks({ helpCenter: { url: '' } })).toThrow(/helpCenter\.url/);
    expect(() => parseExternalLinks({ social: [{ url: 'https://x.example.com/' }] })).toThrow(
      /social\.0\.label/,
    );
  });
});
