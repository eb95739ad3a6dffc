import { describe, expect, it } from 'vitest';
import { parseExternalLinks } from './external-links.ts';
import {
  buildFooterGroups,
  buildMenus,
  FOOTER_GROUPS,
  MENUS,
  type NavGroup,
} from './navigation.ts';

const groupsOf = (menus: { groups: NavGroup[] }[]) => menus.flatMap((menu) => menu.groups);
const headings = (groups: NavGroup[]) => groups.map((group) => group.heading);
const hrefs = (groups: NavGroup[]) => groups.flatMap((group) => group.links.map((l) => l.href));

describe('external links in the menus and the footer', () => {
  it('renders no unconfigured link and no group left empty by the shipped defaults', () => {
    for (const groups of [groupsOf(MENUS), FOOTER_GROUPS]) {
      for (const group of groups) expect(group.links.length, group.heading).toBeGreaterThan(0);
      expect(hrefs(groups).filter((href) => href.includes('lantern.example'))).toEqual([]);
      expect(headings(groups)).not.toContain('Reviews and social');
    }
    expect(headings(groupsOf(MENUS))).not.toContain('Watch and learn');
    const help = groupsOf(MENUS).find((g) => g.heading === 'Get answers');
    expect(help?.links.map((l) => l.label)).toEqual(['Search this site']);
  });

  it('renders a configured link where the spec puts it, and leaves the others out', () => {
    const links = parseExternalLinks({
      helpCenter: { url: 'https://help.example.com/' },
      videos: { createMlsListing: { url: 'https://video.example.com/listing' } },
      reviewSites: [{ label: 'Reviews on Example', url: 'https://reviews.example.com/us' }],
    });
    const menus = groupsOf(buildMenus(links));
    const learn = menus.find((g) => g.heading === 'Watch and learn');
    expect(learn?.links).toEqual([
      {
        label: 'Video: Create an MLS listing',
        href: 'https://video.example.com/listing',
        external: true,
      },
    ]);
    const answers = menus.find((g) => g.heading === 'Get answers')?.links.map((l) => l.label);
    expect(answers).toEqual(['Help Center', 'Search this site']);
    const footer = buildFooterGroups(links);
    expect(hrefs(footer)).toContain('https://help.example.com/');
    expect(footer.at(-1)).toEqual({
      heading: 'Reviews and social',
      links: [
        { label: 'Reviews on Example', href: 'https://reviews.example.com/us', external: true },
      ],
    });
  });
});
