import { WEBHOOK_PAGES } from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import { Alert, Spinner } from '@lantern/ui';
import { Link, useParams } from 'react-router';
import { PageFrame } from '../../../../../components/page-frame.tsx';
import { useWebhooks } from '../../../../../features/webhooks/api/webhooks.ts';
import { DeliveriesTable } from '../../../../../features/webhooks/components/deliveries-table.tsx';

/** One webhook endpoint's deliveries (issue 25), from Account Settings → Webhooks. */
export function WebhookDeliveriesPage() {
  const { hash = '' } = useParams();
  const list = useWebhooks();
  const endpoint = list.data?.endpoints.find((e) => e.hash === hash);
  return (
    <PageFrame title="Webhook deliveries">
      <p>
        <Link to={WEBHOOK_PAGES.section}>Back to Account Settings</Link>
      </p>
      {list.isPending ? (
        <Spinner label="Loading the endpoint" />
      ) : list.isError ? (
        <Alert tone="danger">{list.error.message}</Alert>
      ) : !endpoint ? (
        <Alert tone="warning">
          This endpoint is not one of yours, or it was deleted.{' '}
          <Link to={PATHS.accountSettings}>See your endpoints</Link>.
        </Alert>
      ) : (
        <>
          <p>
            Events sent to <strong className="ds-webhooks__url">{endpoint.url}</strong>
            {endpoint.enabled ? '' : ' (turned off: nothing new is sent)'}.
          </p>
          <DeliveriesTable endpoint={endpoint.hash} enabled={endpoint.enabled} />
        </>
      )}
    </PageFrame>
  );
}
