import { formatListingDay, SELLER_SETTLEMENT_TEXTS as T } from '@lantern/contracts';
import { formatCents, isSellingRole, type TPropertyRole } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { useId } from 'react';
import { useClosingDocuments } from '../api/documents.ts';

/**
 * The settlement statement and the signed commission disbursement authorisation of each sale of
 * the property, once staff approved it (decision 066). Only the selling side asks (the API
 * answers nobody else); nothing shows until there is a sale to show.
 */
export function ClosingDocuments({ property, role }: { property: string; role: TPropertyRole }) {
  const id = useId();
  const selling = isSellingRole(role);
  const closing = useClosingDocuments(property, selling);
  if (!selling || closing.isPending) return null;
  if (closing.isError) return <Alert tone="danger">{closing.error.message}</Alert>;
  const sales = closing.data.transactions;
  if (!sales.length) return null;
  return (
    <section aria-labelledby={id} className="ds-document-reports ds-closing-documents">
      <h2 id={id}>{T.title}</h2>
      <p>{T.hint}</p>
      {sales.map((s) => (
        <div key={s.hash} className="ds-closing-documents__sale">
          <h3>{T.sale(formatListingDay(s.closingDate), formatCents(s.salePriceCents))}</h3>
          <ul>
            {s.statement ? (
              <li>
                <a href={s.statement.url} download>
                  {T.statement}
                </a>
              </li>
            ) : null}
            <li>
              <a href={s.cda.url} download>
                {T.cda}
              </a>
              {s.cda.sha256 ? (
                <p className="ds-muted ds-closing-documents__hash">{T.fingerprint(s.cda.sha256)}</p>
              ) : null}
            </li>
          </ul>
        </div>
      ))}
    </section>
  );
}
