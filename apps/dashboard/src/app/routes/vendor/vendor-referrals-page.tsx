import {
  furthestReferralStep,
  REFERRAL_PROGRESS_LABELS,
  REFERRAL_PROGRESS_STEPS,
  type TReferralInvitation,
  type TVendorReferralFee,
  VENDOR_REFERRAL_TEXTS,
} from '@lantern/contracts';
import { formatCents, REFERRAL_PAGES } from '@lantern/domain';
import { Alert, Badge, type BadgeTone, Button } from '@lantern/ui';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import {
  fetchReferralFeesPage,
  fetchReferralInvitationsPage,
  referralFeesKey,
  referralInvitationsKey,
  useReferralSummary,
  useWithdrawReferral,
} from '../../../features/vendor/api/referrals.ts';
import { ReferForm } from '../../../features/vendor/components/refer-form.tsx';

const STATE_LABEL: Record<TReferralInvitation['state'], string> = {
  waiting: 'Invitation sent',
  expired: 'Invitation expired',
  linked: 'Accepted',
};

/** The steps reached, each with its day; the furthest is the person's progress. */
function Progress({ row }: { row: TReferralInvitation }) {
  if (row.state !== 'linked')
    return (
      <>
        <strong>{STATE_LABEL[row.state]}</strong>
        <div className="ds-muted">
          {row.state === 'waiting' ? 'Link works until' : 'Link ended'} {formatDate(row.expiresAt)}
        </div>
      </>
    );
  const furthest = furthestReferralStep(row.progress);
  return (
    <>
      <strong>{REFERRAL_PROGRESS_LABELS[furthest]}</strong>
      <ol className="ds-muted" aria-label={`Progress of ${row.name}`}>
        {REFERRAL_PROGRESS_STEPS.map((step) => {
          const at = row.progress[step];
          return (
            <li key={step}>
              {REFERRAL_PROGRESS_LABELS[step]}: {at ? formatDate(at) : 'not yet'}
            </li>
          );
        })}
      </ol>
    </>
  );
}

const peopleColumns: ReadonlyArray<DataColumn<TReferralInvitation>> = [
  {
    id: 'person',
    header: 'Person',
    cell: (r) => (
      <>
        <strong>{r.name}</strong>
        <div>{r.email}</div>
      </>
    ),
  },
  { id: 'progress', header: 'Progress', cell: (r) => <Progress row={r} /> },
  {
    id: 'created',
    header: 'Invited',
    sort: 'created',
    firstDir: 'desc',
    cell: (r) => formatDate(r.progress.invited),
  },
];

const FEE_TONE: Record<TVendorReferralFee['status'], BadgeTone> = {
  pending: 'neutral',
  earned: 'primary',
  paid: 'success',
};

function FeeState({ fee }: { fee: TVendorReferralFee }) {
  if (fee.status === 'paid')
    return (
      <>
        <Badge tone={FEE_TONE.paid}>Paid</Badge>
        <div className="ds-muted">
          {fee.paidAt ? formatDate(fee.paidAt) : ''}
          {fee.paidReference ? ` · ${fee.paidReference}` : ''}
        </div>
        {fee.paidLicense ? <div className="ds-muted">Under license {fee.paidLicense}</div> : null}
      </>
    );
  if (fee.status === 'earned')
    return (
      <>
        <Badge tone={FEE_TONE.earned}>Earned</Badge>
        <div className="ds-muted">
          {fee.payable
            ? 'Payable: a valid license is on file for this state.'
            : fee.property
              ? `Held: no license on file for ${fee.property.state} valid today.`
              : 'Held: no property named yet.'}
        </div>
      </>
    );
  return <Badge tone={FEE_TONE.pending}>Pending</Badge>;
}

const feeColumns: ReadonlyArray<DataColumn<TVendorReferralFee>> = [
  { id: 'customer', header: 'Customer', cell: (f) => f.customerEmail },
  { id: 'property', header: 'Property', cell: (f) => f.property?.address ?? 'None yet' },
  { id: 'fee', header: 'Fee', numeric: true, cell: (f) => formatCents(f.feeCents) },
  { id: 'status', header: 'State', cell: (f) => <FeeState fee={f} /> },
  {
    id: 'created',
    header: 'Recorded',
    sort: 'created',
    firstDir: 'desc',
    cell: (f) => formatDate(f.createdAt),
  },
];

const PEOPLE_FILTERS = [
  {
    name: 'state',
    label: 'Invitation',
    default: 'all',
    options: [
      { value: 'all', label: 'Any' },
      { value: 'waiting', label: 'Sent' },
      { value: 'linked', label: 'Accepted' },
      { value: 'expired', label: 'Expired' },
    ],
  },
] as const;

const FEE_FILTERS = [
  {
    name: 'status',
    label: 'Fee state',
    default: 'all',
    options: [
      { value: 'all', label: 'Every state' },
      { value: 'pending', label: 'Pending' },
      { value: 'earned', label: 'Earned' },
      { value: 'paid', label: 'Paid' },
    ],
  },
] as const;

/** The two lists, each its own URL (each table keeps its state there). */
function ReferralTabs() {
  return (
    <nav aria-label="Referral lists" className="ds-tabs">
      <ul>
        <li>
          <NavLink to={REFERRAL_PAGES.vendor} end>
            People you referred
          </NavLink>
        </li>
        <li>
          <NavLink to={REFERRAL_PAGES.vendorFees}>Referral fees</NavLink>
        </li>
      </ul>
    </nav>
  );
}

/**
 * /vendor/referrals (issue 24; decision 051): refer a customer and follow the people referred.
 */
export function VendorReferralsPage() {
  const [withdrawing, setWithdrawing] = useState<TReferralInvitation | null>(null);
  const withdraw = useWithdrawReferral();
  return (
    <section className="ds-page" aria-labelledby="vendor-referrals-title">
      <h1 id="vendor-referrals-title">Your referrals</h1>
      <ReferralTabs />
      <ReferForm />
      <section aria-labelledby="referred-title">
        <h2 id="referred-title">People you referred</h2>
        <DataTable<TReferralInvitation>
          caption="People you referred"
          queryKey={referralInvitationsKey}
          fetchPage={fetchReferralInvitationsPage}
          columns={peopleColumns}
          rowKey={(r) => r.hash}
          filters={PEOPLE_FILTERS}
          searchLabel="Search by name or email"
          rowActions={(r) =>
            r.state === 'waiting' ? (
              <Button size="sm" variant="ghost" onClick={() => setWithdrawing(r)}>
                Withdraw <span className="ln-visually-hidden">the invitation to {r.email}</span>
              </Button>
            ) : null
          }
          empty={(filtered) =>
            filtered ? <p>Nobody matches.</p> : <p>You have not referred anyone yet.</p>
          }
        />
      </section>
      <ConfirmDialog
        title="Withdraw this invitation?"
        description={
          withdrawing ? `The link sent to ${withdrawing.email} stops working.` : undefined
        }
        open={withdrawing !== null}
        onClose={() => {
          setWithdrawing(null);
          withdraw.reset();
        }}
        confirmLabel="Withdraw invitation"
        onConfirm={() =>
          withdrawing &&
          withdraw.mutate(withdrawing.hash, { onSuccess: () => setWithdrawing(null) })
        }
        pending={withdraw.isPending}
        error={withdraw.error}
      />
    </section>
  );
}

/**
 * /vendor/referrals/fees: the fees our team recorded for the referrer, their sums, and the
 * licenses on file (fees are paid only under one valid for the property's state).
 */
export function VendorReferralFeesPage() {
  const summary = useReferralSummary();
  const s = summary.data;
  return (
    <section className="ds-page" aria-labelledby="fees-title">
      <h1 id="fees-title">Referral fees</h1>
      <ReferralTabs />
      <p className="ds-note">{VENDOR_REFERRAL_TEXTS.licenseRule}</p>
      {summary.isError ? <Alert tone="danger">{summary.error.message}</Alert> : null}
      {s ? (
        <>
          <dl className="ds-facts" aria-label="Fee totals">
            <dt>Pending</dt>
            <dd>{formatCents(s.totals.pendingCents)}</dd>
            <dt>Earned, payable</dt>
            <dd>{formatCents(s.totals.payableCents)}</dd>
            <dt>Earned, held for a license</dt>
            <dd>{formatCents(s.totals.heldCents)}</dd>
            <dt>Paid</dt>
            <dd>{formatCents(s.totals.paidCents)}</dd>
          </dl>
          <section aria-labelledby="licenses-title">
            <h2 id="licenses-title">Your licenses on file</h2>
            {s.licenses.length ? (
              <ul>
                {s.licenses.map((l) => (
                  <li key={l.state}>
                    {l.state} {l.number} — {l.valid ? 'valid through' : 'expired'}{' '}
                    {formatDate(`${l.expiresOn}T12:00:00Z`)}
                  </li>
                ))}
              </ul>
            ) : (
              <p>No license on file, so no referral fee can be paid to you yet.</p>
            )}
          </section>
        </>
      ) : null}
      <DataTable<TVendorReferralFee>
        caption="Referral fees"
        queryKey={referralFeesKey}
        fetchPage={fetchReferralFeesPage}
        columns={feeColumns}
        rowKey={(f) => f.hash}
        filters={FEE_FILTERS}
        searchLabel="Search by customer or street"
        empty={(filtered) =>
          filtered ? (
            <p>No fee matches.</p>
          ) : (
            <p>No referral fees yet. Our team records one when a referred customer buys.</p>
          )
        }
      />
    </section>
  );
}
