import { z } from 'zod';
import { singleLineText } from '../text.ts';

/**
 * A property hash as a client sends it. The shape reveals nothing, so a malformed value is a
 * plain 422; a well-formed hash that is not the user's answers the same 404 as one that does not
 * exist (docs/architecture/request-path.md "HTTP conventions").
 */
export const ZPropertyHashSchema = singleLineText().min(1).max(64);

export const ZPropertyQuerySchema = z.object({ property: ZPropertyHashSchema });
export type TPropertyQuery = z.infer<typeof ZPropertyQuerySchema>;
