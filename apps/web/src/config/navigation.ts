import { PATHS, SUPPORT_PAGES } from '@lantern/domain';
import { type ExternalLink, type ExternalLinks, externalLinks } from './external-links.ts';

/** Spec section 9: the advertised flat fee for an MLS listing. */
export const FLAT_FEE = '$149';
/** Spec section 9: the Services menu promo rotation. */
export const PROMO_ROTATION_MS = 7000;
/** Where "List Your Property" leads: sign-up, which ends in the dashboard's add-property flow. */
export const LIST_YOUR_PROPERTY = PATHS.signUp;

export interface NavLink {
  label: string;
  href: string;
  /** External links open in a new tab with rel="noopener". */
  external?: boolean;
  /** Shown only in the mobile menu (spec: /past-listings). */
  mobileOnly?: boolean;
}

export interface NavGroup {
  heading: string;
  links: NavLink[];
}

/** Spec section 4 "Mobile menu levels". */
export type MenuId = 'flatFeeMLS' | 'services' | 'faqsHelp' | 'connect';

export interface NavMenu {
  id: MenuId;
  label: string;
  groups: NavGroup[];
}

const ext = (link: ExternalLink): NavLink => ({
  label: link.label,
  href: link.url,
  external: true,
});

/** The links that are configured, in order: an external link left out of the file is skipped. */
const present = (...links: (NavLink | ExternalLink | undefined)[]): NavLink[] =>
  links.flatMap((link) => (!link ? [] : 'href' in link ? [link] : [ext(link)]));

/** Groups with at least one link: a heading over an empty list would be a dead end. */
const nonEmpty = (groups: NavGroup[]): NavGroup[] => groups.filter((g) => g.links.length > 0);

/** The Services menu: every link is one of our pages. */
const SERVICES_MENU: NavMenu = {
  id: 'services',
  label: 'Services',
  groups: [
    {
      heading: 'Selling and buying',
      links: [
        { label: 'All Services', href: '/services' },
        { label: 'Seller Agent', href: '/seller-agent' },
        { label: 'Buyer Agent', href: '/buyer-agent' },
        { label: 'Free FSBO Listing', href: '/free-fsbo-listing' },
        { label: 'Home Value Report', href: '/home-value-report' },
        { label: 'Real Estate Comps', href: '/real-estate-comps' },
      ],
    },
    {
      heading: 'For your listing',
      links: [
        { label: 'Photography', href: '/photography' },
        { label: 'Lockbox Rental', href: '/lockbox-rental' },
        { label: 'Real Estate Signs', href: '/real-estate-signs' },
        { label: 'Sign Posts', href: '/real-estate-sign-posts' },
        { label: 'Open House Kit', href: '/features/open-house-kit' },
      ],
    },
    {
      heading: 'Listing features',
      links: [
        { label: 'Showing Management', href: '/features/showing-management' },
        { label: 'Automatic Email Forwarding', href: '/features/automatic-email-forwarding' },
        { label: 'Call Forwarding by Text', href: '/features/call-forwarding-info-by-text' },
        { label: 'Listing Analytics', href: '/features/listing-analytics' },
      ],
    },
  ],
};

const flatFeeMenu = (links: ExternalLinks): NavMenu => ({
  id: 'flatFeeMLS',
  label: 'Flat Fee MLS',
  groups: [
    {
      heading: 'List on the MLS',
      links: [
        { label: 'Flat Fee MLS Listing', href: '/flat-fee-mls' },
        { label: 'MLS Listing Help', href: '/mls-listing-help' },
        { label: 'Flat Fee Broker', href: '/flat-fee-broker' },
        { label: 'MLSs and Boards of Realtors', href: '/mls' },
        { label: 'Find a Realtor', href: '/realtors' },
      ],
    },
    {
      heading: 'Listings',
      links: [
        { label: 'Current Listings', href: '/current-listings' },
        { label: 'Past Sales', href: '/past-sales' },
        { label: 'Past Listings', href: '/past-listings', mobileOnly: true },
      ],
    },
    {
      heading: 'Watch and learn',
      links: present(
        links.videos.whatIsTheMls,
        links.videos.createMlsListing,
        links.videos.createMlsChange,
      ),
    },
  ],
});

const helpMenu = (links: ExternalLinks): NavMenu => ({
  id: 'faqsHelp',
  label: 'FAQs / Help',
  groups: [
    {
      heading: 'Get answers',
      links: present(links.helpCenter, links.supportArticles, links.communityForum, {
        label: 'Search this site',
        href: '/search',
      }),
    },
    {
      heading: 'Talk to us',
      links: present(
        { label: 'Open Support Ticket', href: SUPPORT_PAGES.tickets },
        { label: 'Contact Us', href: '/company/contact' },
        links.fairHousing,
      ),
    },
  ],
});

const connectMenu = (links: ExternalLinks): NavMenu => ({
  id: 'connect',
  label: 'Connect',
  groups: [
    {
      heading: 'Company',
      links: [
        { label: 'About Us', href: '/company/about-us' },
        { label: 'Contact Us', href: '/company/contact' },
        { label: 'Blog', href: '/blog' },
        { label: 'Real Estate Meetups', href: '/real-estate-meetups' },
        { label: 'Newsletter', href: '/newsletter' },
      ],
    },
    { heading: 'Reviews and social', links: present(...links.reviewSites, ...links.social) },
  ],
});

/** The four top menus of spec section 2, in order. Promotions are in the nav component. */
export function buildMenus(links: ExternalLinks): NavMenu[] {
  return [flatFeeMenu(links), SERVICES_MENU, helpMenu(links), connectMenu(links)].map((menu) => ({
    ...menu,
    groups: nonEmpty(menu.groups),
  }));
}

export const MENUS: NavMenu[] = buildMenus(externalLinks);

/** Spec section 2: the footer also links static PDF agreements (built by src/pages/agreements). */
export const AGREEMENTS = [
  { slug: 'listing-agreement', label: 'Listing agreement (PDF)' },
  { slug: 'buyer-agency-agreement', label: 'Buyer agency agreement (PDF)' },
  { slug: 'terms-of-use', label: 'Terms of use (PDF)' },
] as const;

export const agreementHref = (slug: string) => `/agreements/${slug}.pdf`;

/** The footer's columns; reviews and social profiles come last, when any are configured. */
export function buildFooterGroups(links: ExternalLinks): NavGroup[] {
  return nonEmpty([
    {
      heading: 'Services',
      links: [
        { label: 'Flat Fee MLS', href: '/flat-fee-mls' },
        { label: 'Free FSBO Listing', href: '/free-fsbo-listing' },
        { label: 'All Services', href: '/services' },
        { label: 'MLSs and Boards', href: '/mls' },
        { label: 'Current Listings', href: '/current-listings' },
      ],
    },
    {
      heading: 'Company',
      links: [
        { label: 'About Us', href: '/company/about-us' },
        { label: 'Contact Us', href: '/company/contact' },
        { label: 'Blog', href: '/blog' },
        { label: 'Newsletter', href: '/newsletter' },
        { label: 'Terms of Use', href: '/company/terms-of-use' },
        { label: 'Privacy Policy', href: '/company/privacy-policy' },
      ],
    },
    {
      heading: 'Help',
      links: present(
        links.helpCenter,
        { label: 'Open Support Ticket', href: SUPPORT_PAGES.tickets },
        links.fairHousing,
        { label: 'Log in', href: PATHS.login },
        { label: 'Create an account', href: PATHS.signUp },
      ),
    },
    {
      heading: 'Agreements',
      links: AGREEMENTS.map((a) => ({ label: a.label, href: agreementHref(a.slug) })),
    },
    { heading: 'Reviews and social', links: present(...links.reviewSites, ...links.social) },
  ]);
}

export const FOOTER_GROUPS: NavGroup[] = buildFooterGroups(externalLinks);

/** rel/target for a link: external ones open a new tab without a handle on this window. */
export function linkAttrs(link: NavLink): { target?: '_blank'; rel?: 'noopener' } {
  return link.external ? { target: '_blank', rel: 'noopener' } : {};
}

/**
 * The pages search ranks first (issue 14, item 8): the services the Services and Flat Fee MLS
 * menus offer (by their menu names), and the help pages of the FAQs / Help menu.
 */
export function searchSections(): {
  services: Map<string, string>;
  help: Set<string>;
} {
  const internal = (id: MenuId, skip: (group: NavGroup) => boolean = () => false) =>
    (MENUS.find((m) => m.id === id)?.groups ?? [])
      .filter((group) => !skip(group))
      .flatMap((group) => group.links)
      .filter((link) => !link.external);
  const services = new Map<string, string>();
  for (const link of [
    ...internal('services'),
    // The listing services; not the directories and listings in the same menu.
    ...internal('flatFeeMLS', (group) => group.heading !== 'List on the MLS'),
  ]) {
    if (link.href !== '/mls' && link.href !== '/realtors') services.set(link.href, link.label);
  }
  const help = new Set(internal('faqsHelp').map((link) => link.href));
  return { services, help };
}
