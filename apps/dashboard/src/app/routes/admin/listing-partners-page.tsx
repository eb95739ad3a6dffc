import { Alert, Spinner } from '@lantern/ui';
import { useState } from 'react';
import { SecretOnce } from '../../../components/secret-once.tsx';
import { useResoClients } from '../../../features/listing-partners/api/reso-clients.ts';
import { PartnerForm } from '../../../features/listing-partners/components/partner-form.tsx';
import { PartnerList } from '../../../features/listing-partners/components/partner-list.tsx';

/**
 * Admin → Listing partners (issue 49; docs/decisions/096): the sites and IDX vendors that read
 * our sellers' shared listings through the RESO Web API. A partner's secret is shown once, when
 * it is added; revoking stops it at once; its request log says what it read and when.
 */
export function ListingPartnersPage() {
  const clients = useResoClients();
  const [made, setMade] = useState<{ secret: string; name: string } | null>(null);
  return (
    <section className="ds-page" aria-labelledby="partners-page-title">
      <h1 id="partners-page-title">Listing partners</h1>
      <p>
        Partners read the listings whose sellers agreed to share them, through the industry’s
        standard RESO Web API. Each partner signs in with its own client id and secret, reads only
        what you allow, and every request it makes is kept below.
      </p>
      {clients.isPending ? <Spinner label="Loading the partners" /> : null}
      {clients.isError ? <Alert tone="danger">{clients.error.message}</Alert> : null}
      {clients.data ? (
        <>
          <dl className="adm-figures">
            <div className="adm-figure">
              <dt>Service address</dt>
              <dd className="adm-figure__text adm-break">
                <code>{clients.data.serviceUrl}</code>
              </dd>
            </div>
            <div className="adm-figure">
              <dt>Token address</dt>
              <dd className="adm-figure__text adm-break">
                <code>{clients.data.tokenUrl}</code>
              </dd>
            </div>
          </dl>
          <h2 id="partners-title">Partners</h2>
          <PartnerList clients={clients.data.clients} />
          <h2 id="new-partner-title">Add a partner</h2>
          {made ? (
            <SecretOnce
              label={`the client secret of ${made.name}`}
              secret={made.secret}
              testId="new-client-secret"
            />
          ) : null}
          <PartnerForm onMade={(secret, name) => setMade(secret ? { secret, name } : null)} />
        </>
      ) : null}
    </section>
  );
}
