import { z } from 'zod';
import { singleLineText } from '../text.ts';

/**
 * Links we email (password reset, email verification, newsletter confirmation) carry their token
 * in the URL fragment, which browsers never send: it stays out of server and proxy logs and
 * Referer headers, and a mail scanner fetching the link cannot use it up. The page it opens
 * posts the token to the server (issue 12).
 */
export function emailedLink(origin: string, page: string, token: string): string {
  return `${origin}${page}#token=${encodeURIComponent(token)}`;
}

/** The body a link page posts. */
export const ZEmailedLinkRequestSchema = z.object({ token: singleLineText().min(1).max(1000) });
export type TEmailedLinkRequest = z.infer<typeof ZEmailedLinkRequestSchema>;

/** A link that checked out: where the page goes next. */
export const ZEmailedLinkResultSchema = z.object({ redirect: z.string() });
export type TEmailedLinkResult = z.infer<typeof ZEmailedLinkResultSchema>;
