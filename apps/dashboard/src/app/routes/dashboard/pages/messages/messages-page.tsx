import { dashboardHref } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { Link } from 'react-router';
import { PageFrame } from '../../../../../components/page-frame.tsx';
import { useCurrentUser } from '../../../../../features/auth/hooks/use-current-user.ts';
import { useThreads } from '../../../../../features/messages/api/messages.ts';
import { ThreadList } from '../../../../../features/messages/components/thread-list.tsx';
import { ThreadView } from '../../../../../features/messages/components/thread-view.tsx';
import { useCurrentProperty } from '../../../../../features/properties/hooks/use-current-property.ts';
import { appConfig } from '../../../../../lib/app-config.ts';
import { PropertyContext } from '../property-context.tsx';

/** Issue 6: one property's conversation, or every property's thread without one. */
export function MessagesPage() {
  const { entry } = useCurrentProperty();
  const me = useCurrentUser();
  return (
    <PageFrame title="Messages">
      {entry ? (
        <>
          <PropertyContext entry={entry} />
          <p>
            Everyone on this property and the {appConfig.siteName} team read this conversation.{' '}
            <Link to={dashboardHref('messages')}>All your conversations</Link>
          </p>
          <ThreadView audience="customer" property={entry.hash} myHash={me.hash} />
        </>
      ) : (
        <AllThreads />
      )}
    </PageFrame>
  );
}

function AllThreads() {
  const threads = useThreads('customer');
  if (threads.isPending) return <p role="status">Loading your conversations…</p>;
  if (threads.isError) return <Alert tone="danger">{threads.error.message}</Alert>;
  if (!threads.data.threads.length) {
    return (
      <p>
        Each of your properties has its own conversation with the {appConfig.siteName} team and
        everyone working on it. <Link to={dashboardHref('add-property')}>Add a property</Link> to
        start one.
      </p>
    );
  }
  return (
    <>
      <p>Each property has its own conversation. Choose one to read and reply.</p>
      <ThreadList
        threads={threads.data.threads}
        hrefFor={(property) => dashboardHref('messages', property)}
      />
    </>
  );
}
