import { getEntry } from 'astro:content';
import { KEEP_PAGE_HEADER } from '@lantern/contracts';
import type { APIRoute } from 'astro';
import { site } from '../../config/site.ts';
import { formatDate } from '../../lib/blog.ts';
import { markdownBlocks, renderPdf } from '../../lib/pdf.ts';

/**
 * The footer's PDF agreements, made from src/content/agreements with the server's SITE_NAME and
 * SUPPORT_PHONE, once per process (the server keeps them).
 */
export const GET: APIRoute = async ({ params }) => {
  const entry = params.slug ? await getEntry('agreements', params.slug) : undefined;
  if (!entry) return new Response(null, { status: 404 });
  const pdf = await renderPdf(markdownBlocks(entry.body ?? ''), {
    title: entry.data.title.replace(/^./, (c) => c.toUpperCase()),
    subtitle: `${site.siteName} · Version ${entry.data.version}, effective ${formatDate(entry.data.effective)}`,
    footer: `${site.siteName} is an independent real estate brokerage. Questions: ${site.supportPhone}.`,
    date: entry.data.effective,
  });
  return new Response(new Uint8Array(pdf), {
    headers: { 'Content-Type': 'application/pdf', [KEEP_PAGE_HEADER]: 'build' },
  });
};
