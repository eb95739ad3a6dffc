import { Alert } from '@lantern/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { threadsQueryOptions } from '../../../features/messages/api/messages.ts';
import { ThreadList } from '../../../features/messages/components/thread-list.tsx';
import { ThreadView } from '../../../features/messages/components/thread-view.tsx';
import { useMessageEvents } from '../../../features/messages/hooks/use-message-events.ts';
import { realtime } from '../../../lib/realtime/realtime.ts';

/** How often the list of every thread is refreshed: staff cannot listen to every property. */
const LIST_REFRESH_MS = 30_000;

/** Issue 6: staff see every property's thread and answer as the company. */
export function AdminMessages() {
  const me = useCurrentUser();
  const [params] = useSearchParams();
  const property = params.get('property');
  const threads = useQuery({ ...threadsQueryOptions('staff'), refetchInterval: LIST_REFRESH_MS });

  useEffect(() => {
    realtime.start();
    return () => realtime.stop();
  }, []);
  // The open thread updates live; the server lets admins listen to any property's channel.
  useMessageEvents(property ? [property] : []);

  return (
    <section className="ds-page" aria-labelledby="admin-messages-title">
      <h1 id="admin-messages-title">Customer messages</h1>
      <p>
        <Link to="/admin">Admin home</Link>
        {property ? (
          <>
            {' · '}
            <Link to="/admin/messages">Every conversation</Link>
          </>
        ) : null}
      </p>
      {property ? (
        <>
          <h2>
            {threads.data?.threads.find((t) => t.property === property)?.streetAddress ??
              'Conversation'}
          </h2>
          <ThreadView audience="staff" property={property} myHash={me.hash} />
        </>
      ) : threads.isPending ? (
        <p role="status">Loading conversations…</p>
      ) : threads.isError ? (
        <Alert tone="danger">{threads.error.message}</Alert>
      ) : threads.data.threads.length ? (
        <ThreadList
          threads={threads.data.threads}
          hrefFor={(hash) => `/admin/messages?property=${encodeURIComponent(hash)}`}
        />
      ) : (
        <p>No customer has written yet.</p>
      )}
    </section>
  );
}
