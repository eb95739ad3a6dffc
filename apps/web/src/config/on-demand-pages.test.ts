import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MLS_BOARDS } from '@lantern/db/mls-boards';
import { describe, expect, it } from 'vitest';
import { readUsCities } from '../../integrations/us-cities.ts';
import { blogPaths, contentPagePaths, isCustom, onDemandIndexedPaths } from './on-demand-pages.ts';

describe('onDemandIndexedPaths', () => {
  const cities = readUsCities();
  const paths = onDemandIndexedPaths({ cities, boards: MLS_BOARDS });

  it('names the data pages once each: home, services, the city and MLS directories, listings', () => {
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of ['/', '/services', '/lockbox-rental', '/features/showing-management'])
      expect(paths).toContain(path);
    expect(paths).toContain('/flat-fee-mls/austin-tx');
    expect(paths.filter((p) => p.startsWith('/flat-fee-mls/'))).toHaveLength(cities.length);
    expect(paths.filter((p) => p.startsWith('/mls/'))).toHaveLength(MLS_BOARDS.length);
    expect(paths).toEqual(
      expect.arrayContaining(['/current-listings', '/past-sales', '/past-listings']),
    );
    // Pages that name the address render on demand to name the server's: they are listed too.
    for (const path of ['/blog', '/blog/what-is-the-mls', '/company/contact'])
      expect(paths).toContain(path);
    // No account or password page: nothing there for a searcher or a crawler (issue 45).
    expect(paths.filter((p) => /^\/(account|password)\//.test(p))).toEqual([]);
    // The search page is for the sitemap (the search index leaves it out); a listing is not.
    expect(paths).toContain('/search');
    expect(paths.some((path) => path.startsWith('/listings/'))).toBe(false);
  });
});

describe('blogPaths', () => {
  it('lists the list pages, each post and each tag of the posts’ front matter', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-blog-'));
    for (let i = 1; i <= 5; i++)
      writeFileSync(
        join(dir, `post-${i}.md`),
        `---\ntitle: Post ${i}\ntags: [mls${i % 2 ? ', fsbo' : ''}]\n---\nBody`,
      );
    writeFileSync(join(dir, 'block.md'), '---\ntitle: Block\ntags:\n  - offers\n---\n');
    expect(blogPaths(dir)).toEqual([
      '/blog',
      '/blog/2',
      '/blog/block',
      ...[1, 2, 3, 4, 5].map((i) => `/blog/post-${i}`),
      '/blog/tag/fsbo',
      '/blog/tag/mls',
      '/blog/tag/offers',
    ]);
  });
});

describe('contentPagePaths', () => {
  it('lists the pages collection without the entries that have their own route', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-pages-'));
    mkdirSync(join(dir, 'features'));
    writeFileSync(join(dir, 'photography.md'), '---\ntitle: Photos\n---\nBody');
    writeFileSync(join(dir, 'features', 'listing-analytics.md'), '---\ntitle: A\n---\n');
    writeFileSync(join(dir, 'search.md'), '---\ntitle: Search\ncustom: true\n---\n');
    // `custom: true` in the body is text, not the front matter's flag.
    writeFileSync(join(dir, 'faq.md'), '---\ntitle: FAQ\n---\ncustom: true\n');
    writeFileSync(join(dir, 'notes.txt'), 'not a page');
    expect(contentPagePaths(dir)).toEqual(['/faq', '/features/listing-analytics', '/photography']);
  });

  it('reads the custom flag from the front matter only', () => {
    expect(isCustom('---\ntitle: x\ncustom: true\n---\n')).toBe(true);
    expect(isCustom('---\r\ncustom: true\r\n---\r\n')).toBe(true);
    expect(isCustom('---\ncustom: false\n---\n')).toBe(false);
    expect(isCustom('no front matter\ncustom: true\n')).toBe(false);
  });

  it('relies on file names that are already the collection ids (no slug, kebab-case)', () => {
    const dir = fileURLToPath(new URL('../content/pages', import.meta.url));
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.md'),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      expect(file, file).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)*\.md$/);
      expect(readFileSync(join(dir, file), 'utf8'), file).not.toMatch(/^slug:/m);
    }
  });
});
