/**
 * Site media (issue 45; docs/decisions/081-site-media.md): photos staff upload for the public
 * site, such as the sample work on /photography.
 */

/** What a site media photo is for; more kinds can come later. */
export const SITE_MEDIA_KINDS = ['photography-sample'] as const;
export type TSiteMediaKind = (typeof SITE_MEDIA_KINDS)[number];

/**
 * The JPEG sizes made of each photo, by their longest edge: enough steps for `srcset` that a
 * phone and a wide screen each fetch about what they show.
 */
export const SITE_MEDIA_SIZES = { thumb: 320, small: 640, medium: 1024, large: 1600 } as const;
export type TSiteMediaSizeName = keyof typeof SITE_MEDIA_SIZES;

export const SITE_MEDIA_LIMITS = {
  /** Photos of one kind at most (a gallery, not an archive). */
  maxPhotos: 40,
  maxAlt: 200,
  maxCaption: 200,
} as const;

export const SITE_MEDIA_API = {
  list: '/api/admin/site-media',
  photo: (hash: string) => `/api/admin/site-media/${encodeURIComponent(hash)}`,
  move: (hash: string) => `/api/admin/site-media/${encodeURIComponent(hash)}/move`,
  /** Staff see every photo, published or not. */
  file: (hash: string, size: TSiteMediaSizeName) =>
    `/api/admin/site-media/${encodeURIComponent(hash)}/${size}`,
  /** The public file of a published photo (what /photography's `srcset` names). */
  publicFile: (hash: string, size: TSiteMediaSizeName) =>
    `/api/site-media/${encodeURIComponent(hash)}/${size}.jpg`,
} as const;

export const SITE_MEDIA_PAGE = '/admin/site-media';

export const SITE_MEDIA_TEXTS = {
  title: 'Site media',
  kinds: { 'photography-sample': 'Sample photography on /photography' },
  alt: 'Describe what the photo shows, for people who cannot see it (up to 200 characters).',
  altTooLong: 'Keep the description to 200 characters or fewer.',
  captionTooLong: 'Keep the caption to 200 characters or fewer.',
  noFile: 'Choose a photo to upload.',
  oneFile: 'Upload one photo at a time.',
  tooSmall: 'Too small to show well on the site — use a photo at least 1024 × 768 pixels.',
  tooMany: 'There are 40 photos already. Delete some before adding more.',
  /** The public section on /photography. */
  galleryHeading: 'Sample work',
  galleryLead: 'Examples of the photos a shoot delivers, as our photographers took them.',
} as const;
