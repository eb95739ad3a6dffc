import { VALUATION_TEXTS } from '@lantern/contracts';
import {
  DOCUMENTS_PAGES,
  dashboardHref,
  TRANSACTION_KIND_KEYS,
  TRANSACTION_KINDS,
  type TTransactionKind,
  VALUATION_PAGE_TEXTS,
} from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { useChecklist } from '../../../../features/documents/api/documents.ts';
import { ClosingDocuments } from '../../../../features/documents/components/closing-documents.tsx';
import {
  DocumentChecklist,
  YearBuiltForm,
} from '../../../../features/documents/components/document-checklist.tsx';
import { useCurrentProperty } from '../../../../features/properties/hooks/use-current-property.ts';
import { reportPdfHref, useValuationPage } from '../../../../features/valuation/api/valuation.ts';
import { madeOn } from '../../../../features/valuation/components/format.ts';
import { PropertyContext } from './property-context.tsx';

const isKind = (v: string | null): v is TTransactionKind =>
  v !== null && (TRANSACTION_KIND_KEYS as readonly string[]).includes(v);

function Checklist({ property, kind }: { property: string; kind: TTransactionKind }) {
  const checklist = useChecklist(property, kind);
  if (checklist.isPending) return <p role="status">Loading…</p>;
  if (checklist.isError) {
    return (
      <Alert tone="danger">We could not load the documents. Reload the page to try again.</Alert>
    );
  }
  return (
    <>
      {checklist.data.yearBuilt.source === null ? <YearBuiltForm property={property} /> : null}
      <DocumentChecklist checklist={checklist.data} />
    </>
  );
}

/**
 * The paid valuation reports we made for the property (issue 38), kept with its documents: each
 * version's PDF. Only those who may order for the property see them (the API answers them alone).
 */
function ValuationReports({ property }: { property: string }) {
  const id = useId();
  const page = useValuationPage(property);
  const made = (page.data?.reports ?? []).filter((r) => r.pdf);
  if (!made.length) return null;
  return (
    <section aria-labelledby={id} className="ds-document-reports">
      <h2 id={id}>{VALUATION_TEXTS.documentsTitle}</h2>
      <p>{VALUATION_TEXTS.documentsHint}</p>
      <ul>
        {made.map((r) => (
          <li key={r.hash}>
            <a href={reportPdfHref(r.hash)} download>
              {VALUATION_PAGE_TEXTS.reportName(r.productName, r.version)}
            </a>
            {' · '}
            {VALUATION_PAGE_TEXTS.made(madeOn(r.createdAt))}
          </li>
        ))}
      </ul>
      <p>
        <Link to={dashboardHref('valuation', property)}>{VALUATION_TEXTS.documentsLink}</Link>
      </p>
    </section>
  );
}

/** /dashboard/documents?property=&kind=: the property's documents for a transaction (issue 23). */
export function DocumentsPage() {
  const { hash, entry } = useCurrentProperty();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = useId();
  const param = params.get('kind');
  const kind: TTransactionKind = isKind(param) ? param : 'sale_seller';
  return (
    <PageFrame title="Documents">
      <PropertyContext entry={entry} />
      {hash ? (
        <>
          <p>
            Send us the documents of your transaction here. We review each one and tell you if we
            need a new file.
          </p>
          <p>
            <label htmlFor={`${id}-kind`}>Documents for</label>{' '}
            <select
              id={`${id}-kind`}
              value={kind}
              onChange={(e) => navigate(DOCUMENTS_PAGES.documents(hash, e.target.value))}
            >
              {TRANSACTION_KIND_KEYS.map((k) => (
                <option key={k} value={k}>
                  {TRANSACTION_KINDS[k].label}
                </option>
              ))}
            </select>
          </p>
          <Checklist property={hash} kind={kind} />
          {entry ? <ClosingDocuments property={hash} role={entry.role} /> : null}
          <ValuationReports property={hash} />
        </>
      ) : (
        <p>Choose a property to see its documents.</p>
      )}
    </PageFrame>
  );
}
