import type { TReviewRating, TStateNotice } from '@lantern/contracts';
import { Alert, Button, Dialog } from '@lantern/ui';
import { type ReactNode, useState } from 'react';
import { useRemoveTrustEntry, useSiteTrust } from '../../../features/site-trust/api/site-trust.ts';
import { ReviewRatingForm } from '../../../features/site-trust/components/review-rating-form.tsx';
import { StateNoticeForm } from '../../../features/site-trust/components/state-notice-form.tsx';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';

type Editing =
  | { kind: 'notice'; notice: TStateNotice | null }
  | { kind: 'review'; review: TReviewRating | null }
  | null;

const stars = (tenths: number) => (tenths / 10).toFixed(1);

/**
 * Admin → Trust and notices (issue 45; docs/decisions/080): the notices each state we are
 * licensed in requires on our website, and review ratings with their source, both shown in the
 * footer of every public page. Every staff member reads it; "Manage trust and notices" changes it.
 */
export function SiteTrustPage() {
  const access = useStaffAccess();
  const canEdit = grants(access.data?.permissions, 'site.manage');
  const trust = useSiteTrust();
  const remove = useRemoveTrustEntry();
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState('');

  const removeEntry = async (kind: 'notice' | 'review', id: number, name: string) => {
    if (!window.confirm(`Remove ${name} from the footer of every page?`)) return;
    await remove.mutateAsync({ kind, id });
    setStatus(`Removed ${name}.`);
  };
  const done = (what: string) => {
    setEditing(null);
    setStatus(`Saved ${what}. Every page of the site shows it now.`);
  };

  return (
    <section className="ds-page" aria-labelledby="trust-title">
      <h1 id="trust-title">Trust and notices</h1>
      <p>
        What the footer of every public page shows besides our licenses and the Equal Housing
        Opportunity mark: the notices each state we are licensed in requires on a brokerage’s
        website, and review ratings copied from review sites with a link to them. Nothing is shown
        that is not entered here.
      </p>
      {canEdit ? null : (
        <p className="ds-muted">Changing these needs the “Manage trust and notices” permission.</p>
      )}
      <p role="status">{status}</p>
      {trust.error ? <Alert tone="danger">{trust.error.message}</Alert> : null}
      {remove.error ? <Alert tone="danger">{remove.error.message}</Alert> : null}
      {trust.data ? (
        <>
          <EntriesTable
            id="notices-title"
            title="State notices"
            addLabel="Add a state notice"
            emptyText="No state notices: the footer shows none."
            columns={['State', 'Link', 'Order']}
            rows={trust.data.notices}
            cells={(n) => [n.stateName, link(n.url, n.label), n.position]}
            name={(n) => n.label}
            canEdit={canEdit}
            onEdit={(notice) => setEditing({ kind: 'notice', notice })}
            onRemove={(n) => removeEntry('notice', n.id, `${n.stateName}: ${n.label}`)}
          />
          <EntriesTable
            id="reviews-title"
            title="Review ratings"
            addLabel="Add a review rating"
            emptyText="No review ratings: the footer shows none."
            columns={['Review site', 'Rating', 'Reviews', 'Order']}
            rows={trust.data.reviews}
            cells={(r) => [
              link(r.url, r.source),
              `${stars(r.ratingTenths)} of 5`,
              r.reviewCount.toLocaleString('en-US'),
              r.position,
            ]}
            name={(r) => r.source}
            canEdit={canEdit}
            onEdit={(review) => setEditing({ kind: 'review', review })}
            onRemove={(r) => removeEntry('review', r.id, `the ${r.source} rating`)}
          />
          <h2>Homes listed</h2>
          <p>
            {trust.data.homesListed.count.toLocaleString('en-US')} homes have been listed on our
            site.{' '}
            {trust.data.homesListed.count >= trust.data.homesListed.floor
              ? 'The footer says so.'
              : `The footer says so from ${trust.data.homesListed.floor} on.`}
          </p>
        </>
      ) : null}
      <Dialog
        title={dialogTitle(editing)}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      >
        {editing?.kind === 'notice' ? (
          <StateNoticeForm
            notice={editing.notice}
            onDone={(n) => done(`${n.stateName}: ${n.label}`)}
          />
        ) : null}
        {editing?.kind === 'review' ? (
          <ReviewRatingForm
            review={editing.review}
            onDone={(r) => done(`the ${r.source} rating`)}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

function dialogTitle(editing: Editing): string {
  if (editing?.kind === 'notice')
    return editing.notice ? 'Change state notice' : 'Add a state notice';
  if (editing?.kind === 'review')
    return editing.review ? 'Change review rating' : 'Add a review rating';
  return '';
}

interface EntriesTableProps<T extends { id: number }> {
  id: string;
  title: string;
  addLabel: string;
  emptyText: string;
  /** Column headings after the row's own (the first column). */
  columns: [string, ...string[]];
  rows: T[];
  /** The row's heading cell, then its other cells, one per further column. */
  cells: (row: T) => [ReactNode, ...ReactNode[]];
  /** The row's name, for its Edit and Remove buttons. */
  name: (row: T) => string;
  canEdit: boolean;
  onEdit: (row: T | null) => void;
  onRemove: (row: T) => void;
}

/** One of the page's two lists: its heading, an Add button and a table with Edit and Remove. */
function EntriesTable<T extends { id: number }>(props: EntriesTableProps<T>) {
  const { id, canEdit, onEdit, onRemove } = props;
  return (
    <>
      <h2 id={id}>{props.title}</h2>
      {canEdit ? <Button onClick={() => onEdit(null)}>{props.addLabel}</Button> : null}
      {props.rows.length === 0 ? (
        <p className="ds-muted">{props.emptyText}</p>
      ) : (
        <div className="ds-table-wrap">
          <table className="ds-table" aria-labelledby={id}>
            <thead>
              <tr>
                {props.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
                {canEdit ? (
                  <th scope="col">
                    <span className="ln-visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => {
                const [head, ...rest] = props.cells(row);
                const name = props.name(row);
                return (
                  <tr key={row.id}>
                    <th scope="row">{head}</th>
                    {rest.map((cell, i) => (
                      <td key={props.columns[i + 1]}>{cell}</td>
                    ))}
                    {canEdit ? (
                      <td className="adm-actions">
                        <Button size="sm" variant="secondary" onClick={() => onEdit(row)}>
                          Edit <span className="ln-visually-hidden">{name}</span>
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => onRemove(row)}>
                          Remove <span className="ln-visually-hidden">{name}</span>
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

const link = (url: string, text: string) => (
  <a href={url} target="_blank" rel="noopener noreferrer">
    {text}
  </a>
);
