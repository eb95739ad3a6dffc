import type { TRealtimeEvent } from '@lantern/contracts';
import { useEffect, useRef } from 'react';
import { realtime } from './realtime.ts';

/** Listen to each of `channels` while mounted; the handler may change between renders. */
export function useChannels(channels: readonly string[], handler: (event: TRealtimeEvent) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const key = channels.join('\n');
  useEffect(() => {
    const offs = key
      .split('\n')
      .filter(Boolean)
      .map((channel) => realtime.subscribe(channel, (event) => latest.current(event)));
    return () => {
      for (const off of offs) off();
    };
  }, [key]);
}
