import {
  CHANGE_KIND_LABELS,
  CHANGE_STATUS_LABELS,
  LISTING_MANAGE_TEXTS as LM,
  type TChangeRequest,
} from '@lantern/contracts';
import { Badge, type BadgeTone } from '@lantern/ui';
import { documentHref } from '../api/sign.ts';

const TONES: Record<TChangeRequest['status'], BadgeTone> = {
  pending: 'neutral',
  completed: 'success',
  declined: 'danger',
};

const asked = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The listing's change requests, newest first: what, where it stands, our note, the signed form. */
export function ChangeRequests({
  changes,
  property,
}: {
  changes: readonly TChangeRequest[];
  property: string;
}) {
  if (changes.length === 0) return <p>{LM.noRequests}</p>;
  return (
    <div className="ds-table-wrap">
      <table className="ds-table">
        <caption className="ln-visually-hidden">{LM.requestsTitle}</caption>
        <thead>
          <tr>
            <th scope="col">Change</th>
            <th scope="col">Asked</th>
            <th scope="col">Status</th>
            <th scope="col">{LM.staffNote}</th>
            <th scope="col">Form</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.hash}>
              <td>
                <strong>{CHANGE_KIND_LABELS[c.kind]}</strong>: {c.summary}
              </td>
              <td>
                {asked(c.createdAt)}
                {c.requestedBy ? <div className="ds-muted">by {c.requestedBy}</div> : null}
              </td>
              <td>
                <Badge tone={TONES[c.status]}>{CHANGE_STATUS_LABELS[c.status]}</Badge>
              </td>
              <td>{c.staffNote ?? ''}</td>
              <td>
                {c.document ? (
                  <a href={documentHref(c.document, property, 'signed')} download>
                    {LM.downloadForm}
                    <span className="ln-visually-hidden"> — {c.summary}</span>
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
