import { KEEP_PAGE_HEADER } from '@lantern/contracts';
import type { APIRoute } from 'astro';
import { site } from '../../config/site.ts';
import { sortedPosts } from '../../lib/blog.ts';
import { canonicalUrl } from '../../lib/canonical.ts';
import { pageEntry } from '../../lib/pages.ts';
import { escapeXml } from '../../lib/sitemap.ts';

/** The blog as an RSS 2.0 feed, newest first; the blog's pages name it (`rel="alternate"`). */
export const GET: APIRoute = async ({ locals }) => {
  const entry = await pageEntry('blog');
  const posts = await sortedPosts();
  const tag = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
  const items = posts.map((post) => {
    const url = canonicalUrl(`/blog/${post.id}`, locals.publicUrl);
    return `<item>${[
      tag('title', post.data.title),
      tag('link', url),
      `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
      tag('pubDate', post.data.date.toUTCString()),
      tag('description', post.data.description),
      ...post.data.tags.map((t) => tag('category', t)),
    ].join('')}</item>`;
  });
  const channel = [
    tag('title', `${entry.data.heading} | ${site.siteName}`),
    tag('link', canonicalUrl('/blog', locals.publicUrl)),
    tag('description', entry.data.description),
    tag('language', 'en-us'),
    `<atom:link href="${escapeXml(canonicalUrl('/blog/rss.xml', locals.publicUrl))}" rel="self" type="application/rss+xml"/>`,
    ...items,
  ].join('');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>${channel}</channel></rss>`,
    {
      headers: {
        'Content-Type': 'application/rss+xml; charset=utf-8',
        [KEEP_PAGE_HEADER]: 'build',
      },
    },
  );
};
