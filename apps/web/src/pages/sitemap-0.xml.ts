import indexedPaths from 'virtual:lantern/indexed-paths';
import type { APIRoute } from 'astro';
import { urlSet } from '../lib/sitemap.ts';

export const GET: APIRoute = ({ locals }) => urlSet(indexedPaths, locals.publicUrl);
