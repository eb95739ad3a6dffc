import {
  formatListingDay,
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_TOOLS_LINK,
  LISTING_TOOLS_PAGES,
  LISTING_MANAGE_TEXTS as LM,
  STANDARD_STATUS_LABELS,
  type TListingManage,
} from '@lantern/contracts';
import { Alert } from '@lantern/ui';
import { Link } from 'react-router';
import { useListingManage } from '../../../../../features/mls-listing/api/manage.ts';
import { documentHref } from '../../../../../features/mls-listing/api/sign.ts';
import { ChangeRequests } from '../../../../../features/mls-listing/components/change-requests.tsx';
import { ListingSyndication } from '../../../../../features/mls-listing/components/listing-syndication.tsx';
import {
  PhotosChangeForm,
  PriceChangeForm,
  RemarksChangeForm,
  RenewalForm,
  StatusChangeForm,
} from '../../../../../features/mls-listing/components/manage-forms.tsx';
import { PhotosOnMls } from '../../../../../features/mls-listing/components/photo-set.tsx';
import { useListingInvoiceEvents } from '../../../../../features/mls-listing/hooks/use-listing-invoice-events.ts';
import { stepHref } from '../../../../../features/mls-listing/steps.ts';
import { StepFrame } from './step-frame.tsx';

/**
 * The last step, where a live listing stays (issue 18, "Manage (once live)"): its status and MLS
 * number, the duties to tell us of an offer and a closing, a signed change form for each kind of
 * change, the renewal, and every change asked for. A change staff make shows without a reload.
 */
export function ManagePage() {
  return <StepFrame step="manage">{(_, property) => <ManageStep property={property} />}</StepFrame>;
}

const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;

function ManageStep({ property }: { property: string }) {
  const manage = useListingManage(property);
  useListingInvoiceEvents(property);
  if (manage.isPending) return <p role="status">Loading…</p>;
  if (manage.isError) return <Alert tone="danger">{manage.error.message}</Alert>;
  const data = manage.data;
  const mayAsk = data.canEdit && data.youAreOwner && !data.ended;
  return (
    <>
      <h2>{L.manageTitle}</h2>
      <ListingStatus data={data} property={property} />
      <PhotosOnMls photos={data.photos} />
      {data.youAreOwner ? (
        <p>
          <Link to={LISTING_TOOLS_PAGES.home(property)}>{LISTING_TOOLS_LINK}</Link>
        </p>
      ) : null}
      {data.ended ? (
        <Alert tone="info">{L.listingEnded(STANDARD_STATUS_LABELS[data.standardStatus])}</Alert>
      ) : !data.canEdit ? (
        <Alert tone="info">{L.requestEditorsOnly}</Alert>
      ) : !data.youAreOwner ? (
        <Alert tone="info">{LM.ownersOnly}</Alert>
      ) : null}
      {mayAsk ? (
        <>
          {data.priceChanges.refusal ? (
            <section aria-labelledby="price-limit-title">
              <h3 id="price-limit-title">{LM.priceTitle}</h3>
              <p>{LM.priceUsed(data.priceChanges.used)}</p>
              <Alert tone="warning">{data.priceChanges.refusal}</Alert>
            </section>
          ) : (
            <PriceChangeForm data={data} property={property} />
          )}
          <StatusChangeForm data={data} property={property} />
          <RemarksChangeForm data={data} property={property} />
          <PhotosChangeForm data={data} property={property} />
          {data.renewal ? (
            <section aria-labelledby="renewal-title">
              <h3 id="renewal-title">{LM.renewalTitle}</h3>
              <p>{LM.renewalWaiting}</p>
              <ul>
                {data.renewal.signers.map((s) => (
                  <li key={s.email}>
                    {s.name}
                    {s.you ? ' (you)' : ''}: {s.signedAt ? 'signed' : 'not signed yet'}
                  </li>
                ))}
              </ul>
              <p>
                <Link to={stepHref('sign', property)}>{LM.signRenewalLink}</Link>
              </p>
            </section>
          ) : (
            <RenewalForm data={data} property={property} />
          )}
        </>
      ) : null}
      <ListingSyndication property={property} />
      <section aria-labelledby="requests-title">
        <h3 id="requests-title">{LM.requestsTitle}</h3>
        <ChangeRequests changes={data.changes} property={property} />
      </section>
    </>
  );
}

function ListingStatus({ data, property }: { data: TListingManage; property: string }) {
  return (
    <section aria-labelledby="listing-status-title">
      <h3 id="listing-status-title">{LM.statusTitle}</h3>
      <dl className="ds-facts">
        <dt>Status</dt>
        <dd>{STANDARD_STATUS_LABELS[data.standardStatus]}</dd>
        <dt>MLS number</dt>
        <dd>{data.mlsNumber ?? '—'}</dd>
        <dt>MLS</dt>
        <dd>{data.board ?? '—'}</dd>
        {data.liveAt ? (
          <>
            <dt>Live since</dt>
            <dd>{new Date(data.liveAt).toLocaleDateString('en-US', { dateStyle: 'long' })}</dd>
          </>
        ) : null}
        <dt>List price</dt>
        <dd>{data.ListPrice !== null ? dollars(data.ListPrice) : '—'}</dd>
        <dt>Ends on</dt>
        <dd>{data.ExpirationDate ? formatListingDay(data.ExpirationDate) : '—'}</dd>
        {data.closed ? (
          <>
            <dt>Sold for</dt>
            <dd>
              {dollars(data.closed.ClosePrice)} on {formatListingDay(data.closed.CloseDate)}
            </dd>
          </>
        ) : null}
      </dl>
      {data.agreement ? (
        <p>
          <a href={documentHref(data.agreement, property, 'signed')} download>
            {L.downloadSigned}
          </a>
        </p>
      ) : null}
      {!data.ended ? (
        <>
          <p>{L.offerReminder}</p>
          <p>{L.closingReminder}</p>
        </>
      ) : null}
    </section>
  );
}
