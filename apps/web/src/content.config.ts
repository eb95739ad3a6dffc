import { defineCollection, z } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { SERVICE_ICONS, SERVICE_ILLUSTRATIONS } from './config/illustrations.ts';

const step = z.object({ title: z.string(), text: z.string() });
const faq = z.object({ q: z.string(), a: z.string() });

/**
 * Marketing, service and company pages. The entry id is the route (`seller-agent`,
 * `features/showing-management`, `company/about-us`); src/pages/[...slug].astro renders every
 * entry that is not `custom` (those have their own route file that reads the entry).
 */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/pages' }),
  schema: z.object({
    /** <title>, before " | {SITE_NAME}". */
    title: z.string().min(3).max(70),
    description: z.string().min(50).max(170),
    heading: z.string(),
    lead: z.string(),
    eyebrow: z.string().optional(),
    /** The hero's drawing, `src/assets/illustrations/service-{name}.svg` (docs/brand.md). */
    illustration: z.enum(SERVICE_ILLUSTRATIONS).optional(),
    /** The icon of the page's card on /services, `src/assets/illustrations/icons/{name}.svg`. */
    icon: z.enum(SERVICE_ICONS).optional(),
    /**
     * The catalogue products this page sells (slugs; `{product}-signs` for the site's signs). The
     * page shows their prices as Admin → Products has them, read when the page is requested.
     */
    products: z.array(z.string()).default([]),
    /** Words under the price when the page sells one product, e.g. "paid once". */
    priceNote: z.string().optional(),
    audience: z.array(z.string()).default([]),
    steps: z.array(step).default([]),
    faqs: z.array(faq).default([]),
    cta: z.object({ label: z.string(), href: z.string(), text: z.string().optional() }).optional(),
    related: z.array(z.string()).default([]),
    /** Staff's published photos of this kind shown after the body (Admin → Site media). */
    gallery: z.enum(['photography-sample']).optional(),
    /** Rendered by its own route file rather than the catch-all. */
    custom: z.boolean().default(false),
    updated: z.coerce.date().optional(),
  }),
});

const blog = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/blog' }),
  schema: z.object({
    title: z.string().min(3).max(70),
    description: z.string().min(50).max(170),
    date: z.coerce.date(),
    author: z.string(),
    tags: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1),
  }),
});

/** Agreements and terms: shown as pages and built into PDFs (src/pages/agreements/). */
const agreements = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/agreements' }),
  schema: z.object({
    title: z.string(),
    description: z.string().min(50).max(170),
    version: z.string(),
    effective: z.coerce.date(),
  }),
});

/**
 * Meetups we host or attend. Only real, confirmed events go here; while it is empty the meetup
 * pages say so.
 */
const meetups = defineCollection({
  loader: file('./src/content/meetups.json'),
  schema: z.object({
    title: z.string(),
    date: z.coerce.date(),
    city: z.string(),
    state: z.string().length(2),
    venue: z.string(),
    description: z.string(),
    url: z.string().url().optional(),
  }),
});

const section = (item: z.ZodTypeAny) =>
  z.object({ heading: z.string(), intro: z.string(), items: z.array(item).min(1) });

/**
 * The home page's copy (one entry, `home`). `{siteName}` and `{supportPhone}` in its text are
 * filled from site configuration when the page is built.
 */
const home = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/home' }),
  schema: z.object({
    title: z.string().min(3).max(70),
    description: z.string().min(50).max(170),
    hero: z.object({
      eyebrow: z.string(),
      heading: z.string(),
      lead: z.string(),
      primary: z.string(),
      secondary: z.string(),
      /** Replaces `secondary` (Log in) for a signed-in visitor, linking to the dashboard. */
      signedIn: z.string(),
    }),
    /** `product`: the catalogue slug whose price the offer shows (read on each request). */
    offer: z.object({
      product: z.string(),
      heading: z.string(),
      points: z.array(z.string()).min(1),
    }),
    services: section(
      z.object({
        name: z.string(),
        href: z.string(),
        /** A catalogue slug: the card shows its price. */
        product: z.string().optional(),
        /** The card's icon, `src/assets/illustrations/icons/{name}.svg`. */
        icon: z.enum(SERVICE_ICONS),
        text: z.string(),
      }),
    ),
    steps: section(step),
    cta: z.object({ heading: z.string(), text: z.string(), button: z.string() }),
  }),
});

export const collections = { pages, blog, agreements, meetups, home };
