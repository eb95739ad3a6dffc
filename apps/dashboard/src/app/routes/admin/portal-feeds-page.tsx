import type { TPortalFeedCreated } from '@lantern/contracts';
import { Alert, Spinner } from '@lantern/ui';
import { useState } from 'react';
import { SecretOnce } from '../../../components/secret-once.tsx';
import { usePortalFeeds } from '../../../features/portal-feeds/api/portal-feeds.ts';
import { PortalFeedForm } from '../../../features/portal-feeds/components/portal-feed-form.tsx';
import { PortalFeedsTable } from '../../../features/portal-feeds/components/portal-feeds-table.tsx';
import { Requires } from './requires.tsx';

/**
 * Admin → Portal feeds (issue 49; docs/decisions/098): the home-search portals that fetch our
 * listing feed, each at a secret address shown once when made or rotated; when each last
 * fetched it, and how many listings their owners keep out of it.
 */
export function PortalFeedsPage() {
  const feeds = usePortalFeeds();
  const [shown, setShown] = useState<TPortalFeedCreated | null>(null);
  return (
    <Requires permission="syndication.manage">
      <section className="ds-page" aria-labelledby="portal-feeds-title">
        <h1 id="portal-feeds-title">Portal feeds</h1>
        <p>
          Each home-search portal fetches an XML file of our listings at an address of its own. The
          file holds only listings whose sellers agreed to share them, without what they kept back,
          and leaves out the listings whose owners untick that portal.
        </p>
        {shown ? <ShownFeed made={shown} /> : null}
        <section className="adm-section" aria-labelledby="feeds-title">
          <h2 id="feeds-title">Portals</h2>
          {feeds.isPending ? (
            <Spinner label="Loading the portal feeds" />
          ) : feeds.isError ? (
            <Alert tone="danger">{feeds.error.message}</Alert>
          ) : (
            <PortalFeedsTable feeds={feeds.data.feeds} onRotated={setShown} />
          )}
        </section>
        <section className="adm-section" aria-labelledby="new-feed-title">
          <h2 id="new-feed-title">Add a portal</h2>
          <PortalFeedForm onMade={setShown} />
        </section>
      </section>
    </Requires>
  );
}

function ShownFeed({ made }: { made: TPortalFeedCreated }) {
  return (
    <>
      <SecretOnce
        label={`the address of ${made.feed.name}’s feed`}
        secret={made.url}
        testId="portal-feed-url"
      />
      <p className="ds-muted">
        Send it to the portal. If it is lost, rotate the feed for a new one.
      </p>
    </>
  );
}
