import { formatDate, formatRatePercent, type TMortgageRate } from '@lantern/contracts';
import { Alert } from '@lantern/ui';
import { useState } from 'react';
import { formatWhen } from '../../../components/data-table/format.ts';
import { useMortgageRates } from '../../../features/mortgage-rates/api/mortgage-rates.ts';
import { MortgageRateForm } from '../../../features/mortgage-rates/components/mortgage-rate-form.tsx';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';

const setBy = (r: TMortgageRate) =>
  `${formatWhen(r.createdAt)}${r.setBy ? ` by ${r.setBy.name || r.setBy.email}` : ''}`;

const sourceOf = (r: TMortgageRate) =>
  r.sourceUrl ? (
    <a href={r.sourceUrl} target="_blank" rel="noopener noreferrer">
      {r.source}
    </a>
  ) : (
    r.source
  );

/**
 * Admin → Mortgage rate (issue 47; docs/decisions/090): the rate each listing page's monthly
 * payment estimate starts from, its date and source, and the rates before it. Every staff member
 * reads it; "Manage trust and notices" sets a new one. A rate is never edited: a correction is a
 * new rate, so the history shows what pages said and when.
 */
export function MortgageRatePage() {
  const access = useStaffAccess();
  const canSet = grants(access.data?.permissions, 'site.manage');
  const rates = useMortgageRates();
  const [status, setStatus] = useState('');
  const current = rates.data?.current;

  return (
    <section className="ds-page" aria-labelledby="rate-title">
      <h1 id="rate-title">Mortgage rate</h1>
      <p>
        The yearly interest rate the monthly payment estimate on every listing page for sale starts
        from. Copy it from a published source, with the day it is of: the page names both, and
        visitors can change the rate there. Until a rate is set, no listing page shows an estimate.
      </p>
      {canSet ? null : (
        <p className="ds-muted">
          Setting a new rate needs the “Manage trust and notices” permission.
        </p>
      )}
      <p role="status">{status}</p>
      {rates.error ? <Alert tone="danger">{rates.error.message}</Alert> : null}
      {rates.data ? (
        <>
          <h2>Current rate</h2>
          {current ? (
            <dl className="adm-figures">
              <div className="adm-figure">
                <dt>Rate</dt>
                <dd>{formatRatePercent(current.rateThousandths)}</dd>
              </div>
              <div className="adm-figure">
                <dt>As of</dt>
                <dd>{formatDate(current.asOf)}</dd>
              </div>
              <div className="adm-figure">
                <dt>Source</dt>
                <dd className="adm-figure__text">{sourceOf(current)}</dd>
              </div>
            </dl>
          ) : (
            <p>No rate is set: listing pages show no payment estimate.</p>
          )}
          {current ? <p className="ds-muted">Set {setBy(current)}.</p> : null}
          {canSet ? (
            <>
              <h2 id="new-rate-title">Set a new rate</h2>
              <MortgageRateForm
                onDone={(r) =>
                  setStatus(
                    `Saved ${formatRatePercent(r.rateThousandths)} as of ${formatDate(r.asOf)}. Listing pages use it now.`,
                  )
                }
              />
            </>
          ) : null}
          <EarlierRates rates={rates.data.earlier} />
        </>
      ) : null}
    </section>
  );
}

/** The rates before the current one, newest first. */
function EarlierRates({ rates }: { rates: TMortgageRate[] }) {
  return (
    <>
      <h2 id="earlier-title">Earlier rates</h2>
      {rates.length === 0 ? (
        <p className="ds-muted">None yet.</p>
      ) : (
        <div className="ds-table-wrap">
          <table className="ds-table" aria-labelledby="earlier-title">
            <thead>
              <tr>
                <th scope="col">Rate</th>
                <th scope="col">As of</th>
                <th scope="col">Source</th>
                <th scope="col">Set</th>
              </tr>
            </thead>
            <tbody>
              {rates.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{formatRatePercent(r.rateThousandths)}</th>
                  <td>{formatDate(r.asOf)}</td>
                  <td>{sourceOf(r)}</td>
                  <td>{setBy(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
