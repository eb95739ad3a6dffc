import {
  CDA_PAYEE_ROLE_LABELS,
  CDA_STATUS_LABELS,
  type TSettlementTransactionDetail,
} from '@lantern/contracts';
import { formatCents } from '@lantern/domain';
import { Badge, type BadgeTone } from '@lantern/ui';
import { formatDate } from '../../../components/data-table/format.ts';

const TONE = { draft: 'neutral', signed: 'primary', approved: 'success' } as const satisfies Record<
  string,
  BadgeTone
>;

/** The CDA as it stands: its state, the payees and the links to its PDFs and the statement. */
export function CdaSummary({
  transaction,
  files,
}: {
  transaction: TSettlementTransactionDetail;
  files: { statement: string; unsigned: string; signed: string };
}) {
  const { cda, statement } = transaction;
  return (
    <section aria-labelledby="cda-summary-title">
      <h2 id="cda-summary-title">Commission disbursement authorisation</h2>
      {cda ? (
        <>
          <p>
            <Badge tone={TONE[cda.status]}>{CDA_STATUS_LABELS[cda.status]}</Badge> Commission{' '}
            <strong>{formatCents(cda.commissionCents)}</strong>
          </p>
          {cda.returnNote && cda.status === 'draft' ? (
            <p role="note">
              <strong>Sent back by our team:</strong> {cda.returnNote}
            </p>
          ) : null}
          <table className="ds-table">
            <caption className="ln-visually-hidden">Payees</caption>
            <thead>
              <tr>
                <th scope="col">Payee</th>
                <th scope="col">For</th>
                <th scope="col" className="ds-num">
                  Amount
                </th>
                <th scope="col">Payment instructions</th>
              </tr>
            </thead>
            <tbody>
              {cda.payees.map((p, i) => (
                // Payees have no id of their own: their position is who they are.
                <tr key={i}>
                  <td>{p.name}</td>
                  <td>{CDA_PAYEE_ROLE_LABELS[p.role]}</td>
                  <td className="ds-num">{formatCents(p.amountCents)}</td>
                  <td>{p.instructions ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {cda.signedAt ? (
            <p>
              Signed by {cda.signedBy} on {formatDate(cda.signedAt)}.
              {cda.approvedAt
                ? ` Approved by ${cda.approvedBy} on ${formatDate(cda.approvedAt)}.`
                : ''}
            </p>
          ) : null}
          {cda.document ? (
            <p>
              <a href={files.unsigned} download>
                Download the authorisation as prepared (PDF)
              </a>
              {cda.document.signedSha256 ? (
                <>
                  {' · '}
                  <a href={files.signed} download>
                    Download the signed copy (PDF)
                  </a>
                  <br />
                  <span className="ds-muted">
                    SHA-256 of the signed copy: <code>{cda.document.signedSha256}</code>
                  </span>
                </>
              ) : null}
            </p>
          ) : null}
        </>
      ) : (
        <p>No authorisation yet.</p>
      )}
      <p>
        {statement ? (
          <a href={files.statement} download>
            Settlement statement: {statement.fileName}
          </a>
        ) : (
          'No settlement statement uploaded yet.'
        )}
      </p>
    </section>
  );
}
