import { getCollection } from 'astro:content';
import type { APIRoute, GetStaticPaths } from 'astro';
import { site } from '../../config/site.ts';
import { formatDate } from '../../lib/blog.ts';
import { markdownBlocks, renderPdf } from '../../lib/pdf.ts';

/** The footer's PDF agreements, built from src/content/agreements at build time. */
export const getStaticPaths = (async () => {
  const entries = await getCollection('agreements');
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { entry } = props as {
    entry: Awaited<ReturnType<typeof getCollection<'agreements'>>>[number];
  };
  const pdf = await renderPdf(markdownBlocks(entry.body ?? ''), {
    title: entry.data.title.replace(/^./, (c) => c.toUpperCase()),
    subtitle: `${site.siteName} · Version ${entry.data.version}, effective ${formatDate(entry.data.effective)}`,
    footer: `${site.siteName} is an independent real estate brokerage. Questions: ${site.supportPhone}.`,
    date: entry.data.effective,
  });
  return new Response(new Uint8Array(pdf), { headers: { 'Content-Type': 'application/pdf' } });
};
