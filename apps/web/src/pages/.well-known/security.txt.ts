import { KEEP_PAGE_HEADER } from '@lantern/contracts';
import type { APIRoute } from 'astro';
import { canonicalUrl } from '../../lib/canonical.ts';

/** How long the file may be trusted (RFC 9116 asks for less than a year). */
const VALID_DAYS = 180;

/**
 * /.well-known/security.txt (RFC 9116): where to report a security problem. The contact is the
 * site's own contact page, the one way in for every question; the server keeps the file once
 * made, and a restart renews its expiry.
 */
export const GET: APIRoute = ({ locals }) => {
  const expires = new Date(Date.now() + VALID_DAYS * 24 * 60 * 60 * 1000);
  return new Response(
    [
      `Contact: ${canonicalUrl('/company/contact', locals.publicUrl)}`,
      `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
      `Canonical: ${canonicalUrl('/.well-known/security.txt', locals.publicUrl)}`,
      'Preferred-Languages: en',
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', [KEEP_PAGE_HEADER]: 'build' } },
  );
};
