import {
  VALUATION_TEXTS as T,
  type TValuationReportStatus,
  type TValuationReportSummary,
  VALUATION_STATUS_LABELS,
} from '@lantern/contracts';
import { VALUATION_PAGE_TEXTS as P } from '@lantern/domain';
import { Badge, type BadgeTone, Button, VisuallyHidden } from '@lantern/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { reportPdfHref, useRegenerateReport } from '../api/valuation.ts';
import { useShownReports } from '../hooks/use-shown-reports.ts';
import { day, madeOn } from './format.ts';
import { ReportView } from './report-view.tsx';

const STATUS_TONE: Record<TValuationReportStatus, BadgeTone> = {
  preparing: 'primary',
  ready: 'success',
  not_valued: 'warning',
  refunded: 'neutral',
};

const name = (r: TValuationReportSummary) => P.reportName(r.productName, r.version);

/**
 * The rest of a control's name for screen readers ("Show" → "Show Comps Report, version 2"),
 * so every version's controls are told apart. A leading space is kept outside the hidden
 * element, where every browser keeps it.
 */
function Also({ text }: { text: string }) {
  const space = text.startsWith(' ');
  return (
    <>
      {space ? ' ' : null}
      <VisuallyHidden>{space ? text.slice(1) : text}</VisuallyHidden>
    </>
  );
}

export interface ReportsSectionProps {
  property: string;
  /** Newest first, as the page answers them. */
  reports: readonly TValuationReportSummary[];
  tiles: { url: string | null; attribution: string };
}

/**
 * "Your reports": every version of every report (status, dates, PDF, make it again), and below
 * it the ones shown: the chosen version of a product, or its newest.
 */
export function ReportsSection({ property, reports, tiles }: ReportsSectionProps) {
  const id = useId();
  const { shown, show } = useShownReports(reports);
  const shownHashes = new Set(shown.map((r) => r.hash));
  const reportId = (hash: string) => `${id}-report-${hash}`;
  // The heading of the report just asked for takes focus once it is drawn.
  const [focusOn, setFocusOn] = useState<string | null>(null);
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  useEffect(() => {
    if (!focusOn) return;
    const heading = headings.current.get(focusOn);
    if (heading) {
      heading.focus();
      heading.scrollIntoView?.({ block: 'start' });
      setFocusOn(null);
    }
  });
  const reveal = (hash: string) => {
    show(hash);
    setFocusOn(hash);
  };
  // The newest version of each product is the one that may be made again.
  const newest = new Set(
    reports
      .filter((r, i) => reports.findIndex((o) => o.product === r.product) === i)
      .map((r) => r.hash),
  );

  return (
    <>
      <section className="vl-reports" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{P.reportsTitle}</h2>
        {reports.length === 0 ? (
          <p>{P.noReports}</p>
        ) : (
          <ul className="vl-versions" aria-labelledby={`${id}-title`}>
            {reports.map((r) => (
              <li
                key={r.hash}
                className={shownHashes.has(r.hash) ? 'vl-version vl-version--shown' : 'vl-version'}
              >
                <p className="vl-version__name">
                  <strong>{r.productName}</strong> <span>{P.version(r.version)}</span>{' '}
                  <Badge tone={STATUS_TONE[r.status]}>{VALUATION_STATUS_LABELS[r.status]}</Badge>
                </p>
                <p className="vl-version__meta ds-muted">
                  {P.made(madeOn(r.createdAt))}
                  {r.asOf ? <> · {P.salesUpTo(day(r.asOf))}</> : null}
                </p>
                <div className="ds-actions vl-version__actions">
                  {shownHashes.has(r.hash) ? (
                    <a href={`#${reportId(r.hash)}`} className="vl-version__shown">
                      {P.shown}
                      <Also text={`: ${name(r)}`} />
                    </a>
                  ) : (
                    <Button size="sm" variant="secondary" onClick={() => reveal(r.hash)}>
                      {P.show}
                      <Also text={` ${name(r)}`} />
                    </Button>
                  )}
                  {r.pdf ? (
                    <Button size="sm" variant="secondary" href={reportPdfHref(r.hash)} download>
                      {P.downloadPdf}
                      <Also text={` of ${name(r)}`} />
                    </Button>
                  ) : null}
                  {r.canRegenerate ? (
                    <RegenerateButton
                      property={property}
                      report={r}
                      onMade={(hash) => reveal(hash)}
                    />
                  ) : newest.has(r.hash) &&
                    r.product !== 'free-comps' &&
                    r.status === 'ready' &&
                    r.version > 1 ? (
                    <span className="ds-muted vl-version__note">{T.regenerateUsed}</span>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {shown.map((r) => (
        <ReportView
          key={r.hash}
          id={reportId(r.hash)}
          property={property}
          summary={r}
          tiles={tiles}
          headingRef={(el) => {
            if (el) headings.current.set(r.hash, el);
            else headings.current.delete(r.hash);
          }}
        />
      ))}
    </>
  );
}

/** "Make it again from corrected facts", after a confirmation; a refusal is said in the dialog. */
function RegenerateButton({
  property,
  report,
  onMade,
}: {
  property: string;
  report: TValuationReportSummary;
  onMade: (hash: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const regenerate = useRegenerateReport(property);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {P.regenerate}
        <Also text={`: ${name(report)}`} />
      </Button>
      <ConfirmDialog
        title={P.regenerateTitle}
        description={P.regenerateDescription}
        open={open}
        onClose={() => {
          setOpen(false);
          regenerate.reset();
        }}
        confirmLabel={P.regenerateConfirm}
        onConfirm={() =>
          regenerate.mutate(report.hash, {
            onSuccess: ({ report: made }) => {
              setOpen(false);
              onMade(made.hash);
            },
          })
        }
        pending={regenerate.isPending}
        error={regenerate.error}
      />
    </>
  );
}
