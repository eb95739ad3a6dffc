import { z } from 'zod';
import { singleLineText } from '../text.ts';
import { ZRealtimeEventSchema } from './events.ts';

/** Client → server over /ws. */
export const ZRealtimeClientMessageSchema = z.object({
  type: z.enum(['subscribe', 'unsubscribe']),
  channel: singleLineText().max(100),
});
export type TRealtimeClientMessage = z.infer<typeof ZRealtimeClientMessageSchema>;

/**
 * Server → client. `subscribed` confirms a channel; `error` refuses one (status 404 whether the
 * channel does not exist or is not yours, so channel names cannot be probed); an event carries
 * its channel.
 */
export const ZRealtimeServerMessageSchema = z.union([
  z.object({ type: z.literal('subscribed'), channel: z.string() }),
  z.object({ type: z.literal('unsubscribed'), channel: z.string() }),
  z.object({
    type: z.literal('error'),
    channel: z.string().optional(),
    status: z.number().int(),
    message: z.string(),
  }),
  z.intersection(z.object({ type: z.literal('event'), channel: z.string() }), ZRealtimeEventSchema),
]);
export type TRealtimeServerMessage = z.infer<typeof ZRealtimeServerMessageSchema>;

/**
 * Close codes the server uses. 4401: the session ended, do not come back. 1012 (service restart):
 * this instance is shutting down or missed events, so reconnect — to whichever instance answers —
 * and reload what may have changed.
 */
export const WS_CLOSE = { sessionEnded: 4401, restarting: 1012 } as const;
