import { SITE_MEDIA_KINDS } from '@lantern/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, keyColumns, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** One stored size of a site media photo: its storage key and its pixel size. */
export interface SiteMediaVariant {
  key: string;
  width: number;
  height: number;
}

/**
 * Photos staff upload for the public site (issue 45; docs/decisions/081-site-media.md), e.g. the
 * sample work on /photography. The original is stored as uploaded after the listing photos'
 * checks; `variants` are the JPEG sizes made from it, each beside the original in storage.
 */
export const siteMedia = pgTable(
  'site_media',
  {
    ...keyColumns(),
    kind: text('kind', { enum: SITE_MEDIA_KINDS }).notNull(),
    /** Storage key of the original; the variants live beside it. */
    storageKey: text('storage_key').notNull(),
    /** The sizes made from it by name (`thumb`, `small`, …), smallest first. */
    variants: jsonb('variants').$type<Record<string, SiteMediaVariant>>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** The name the file had on the uploader's machine (shown, never used as a path). */
    fileName: text('file_name').notNull(),
    /** What the photo shows, for people who cannot see it (required on the site). */
    alt: text('alt').notNull(),
    /** Shown under the photo: the photographer and the city, say. */
    caption: text('caption'),
    position: integer('position').notNull(),
    published: boolean('published').notNull().default(false),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('site_media_kind_idx').on(t.kind, t.position),
    check('site_media_kind', sql`${t.kind} in ('photography-sample')`),
    check('site_media_alt', sql`char_length(${t.alt}) between 1 and 200`),
    check('site_media_caption', sql`${t.caption} is null or char_length(${t.caption}) <= 200`),
    check('site_media_bytes', sql`${t.bytes} > 0`),
  ],
);
export type SiteMediaRow = typeof siteMedia.$inferSelect;
