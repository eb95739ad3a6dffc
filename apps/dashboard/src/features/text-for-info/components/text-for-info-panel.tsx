import {
  TEXT_FOR_INFO_TEXTS as T,
  type TOwnedListing,
  type TTextForInfo,
} from '@lantern/contracts';
import { ApiError, PATHS } from '@lantern/domain';
import { Alert, Button, Spinner } from '@lantern/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useSetLeadTexts, useTextForInfo } from '../api/text-for-info.ts';
import './text-for-info-panel.css';

/** +12025550123 → (202) 555-0123; other numbers as stored. */
export function dialable(e164: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}

/**
 * The "Text for info" tab (issue 22): the listing's 5-digit code and our number, how it works,
 * the owner's lead texts (on their verified phone, with their consent) and the buyers who texted.
 */
export function TextForInfoPanel({
  property,
  listing,
}: {
  property: string;
  listing: TOwnedListing;
}) {
  const headingId = useId();
  const view = useTextForInfo(property);
  return (
    <section className="ds-text-info" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.heading}</h2>
      {view.isPending ? (
        <Spinner label="Loading text for info" />
      ) : view.isError ? (
        <Alert tone="danger">We could not load this tab. Reload the page to try again.</Alert>
      ) : (
        <Loaded property={property} listing={listing} data={view.data} />
      )}
    </section>
  );
}

function Loaded({
  property,
  listing,
  data,
}: {
  property: string;
  listing: TOwnedListing;
  data: TTextForInfo;
}) {
  return (
    <>
      {!data.available || !data.code || !data.number ? (
        <p>{T.unavailable}</p>
      ) : (
        <>
          {listing.published ? null : <p>{T.notPublished}</p>}
          <p className="ds-text-info__code">
            {T.codeLabel}: <strong>{data.code}</strong>
          </p>
          <h3>How it works</h3>
          <ol className="ds-text-info__steps">
            {T.howItWorks(data.code, data.number).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <LeadTexts property={property} data={data} />
        </>
      )}
      <Leads data={data} timeZone={listing.timeZone} />
    </>
  );
}

function LeadTexts({ property, data }: { property: string; data: TTextForInfo }) {
  const headingId = useId();
  const change = useSetLeadTexts();
  const [saved, setSaved] = useState<string | null>(null);
  const { leadTexts } = data;
  const verified = leadTexts.verifiedPhone;
  const onOtherNumber = leadTexts.on && leadTexts.phone !== verified;

  const set = (on: boolean) => {
    setSaved(null);
    change.mutate({ property, on }, { onSuccess: () => setSaved(on ? T.saved.on : T.saved.off) });
  };
  const error =
    change.error instanceof ApiError
      ? change.error.message
      : change.error
        ? 'We could not save that. Try again.'
        : null;

  return (
    <section className="ds-text-info__leads-texts" aria-labelledby={headingId}>
      <h3 id={headingId}>{T.leadTextsHeading}</h3>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <p role="status" className="ds-text-info__saved">
        {saved}
      </p>
      {leadTexts.phoneStopped ? <Alert tone="warning">{T.phoneStopped}</Alert> : null}
      {leadTexts.on && leadTexts.phone && !onOtherNumber ? (
        <>
          <p>{T.leadTextsOn(dialable(leadTexts.phone))}</p>
          <Button variant="secondary" loading={change.isPending} onClick={() => set(false)}>
            {T.turnOff}
          </Button>
        </>
      ) : (
        <>
          {onOtherNumber && leadTexts.phone ? (
            <Alert tone="warning">{T.phoneChanged(dialable(leadTexts.phone))}</Alert>
          ) : (
            <p>{T.leadTextsOff}</p>
          )}
          {!verified ? (
            <p>
              {T.noVerifiedPhone} <Link to={PATHS.accountSettings}>{T.accountSettings}</Link>
            </p>
          ) : leadTexts.phoneStopped ? null : (
            <>
              <p className="ds-text-info__consent">{T.consent(dialable(verified))}</p>
              <Button variant="primary" loading={change.isPending} onClick={() => set(true)}>
                {T.turnOn(dialable(verified))}
              </Button>
            </>
          )}
        </>
      )}
      <p className="ds-text-info__note">{T.stopNote}</p>
    </section>
  );
}

function Leads({ data, timeZone }: { data: TTextForInfo; timeZone: string }) {
  const headingId = useId();
  const when = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{T.leadsHeading}</h3>
      {data.leads.length === 0 ? (
        <p>{T.noLeads}</p>
      ) : (
        <div className="ds-table-wrap">
          <table className="ds-table">
            <caption className="ln-visually-hidden">{T.leadsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{T.colNumber}</th>
                <th scope="col">{T.colFirst}</th>
                <th scope="col">{T.colLast}</th>
                <th scope="col" className="ds-num">
                  {T.colCount}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.leads.map((lead) => (
                <tr key={lead.phone}>
                  <th scope="row">
                    <a href={`tel:${lead.phone}`}>{dialable(lead.phone)}</a>
                  </th>
                  <td>{when.format(new Date(lead.firstAt))}</td>
                  <td>{when.format(new Date(lead.lastAt))}</td>
                  <td className="ds-num">{lead.texts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
