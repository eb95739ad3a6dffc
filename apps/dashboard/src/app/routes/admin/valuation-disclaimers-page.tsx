import { type TValuationDisclaimer, VALUATION_DISCLAIMER_TEXTS } from '@lantern/contracts';
import { Alert, Button, Dialog } from '@lantern/ui';
import { useState } from 'react';
import { formatWhen } from '../../../components/data-table/format.ts';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { useValuationDisclaimers } from '../../../features/valuation/api/valuation-disclaimers.ts';
import { ValuationDisclaimerForm } from '../../../features/valuation/components/valuation-disclaimer-form.tsx';

function lastSet(d: TValuationDisclaimer): string {
  if (!d.updatedAt) return '—';
  const who = d.updatedBy ? ` by ${d.updatedBy.name || d.updatedBy.email}` : '';
  return `${formatWhen(d.updatedAt)}${who}`;
}

/**
 * Admin → Valuation disclaimers (docs/decisions/062): the fixed sentence every valuation report
 * carries, our default wording, and each state's own wording, edited one state at a time.
 * Every staff member reads it; "Set valuation disclaimers" changes it.
 */
export function ValuationDisclaimersPage() {
  const access = useStaffAccess();
  const canEdit = grants(access.data?.permissions, 'valuation.disclaimers');
  const disclaimers = useValuationDisclaimers();
  const [editing, setEditing] = useState<TValuationDisclaimer | null>(null);
  // What was typed per state and not saved, kept when the dialog closes by Escape or a click
  // outside it, so nothing typed is lost.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState('');

  const forget = (state: string) =>
    setDrafts((all) => Object.fromEntries(Object.entries(all).filter(([s]) => s !== state)));

  return (
    <section className="ds-page" aria-labelledby="disclaimers-title">
      <h1 id="disclaimers-title">Valuation disclaimers</h1>
      <p>
        Every valuation report (Free Comps, the Comps Report, the Home Value Report) ends with the
        fixed sentence below, then the disclaimer of the home’s state. States differ in what they
        require; a state without its own wording uses ours. A change applies to reports made from
        now on.
      </p>
      {canEdit ? null : (
        <p className="ds-muted">
          Changing disclaimers needs the “Set valuation disclaimers” permission.
        </p>
      )}
      {disclaimers.error ? <Alert tone="danger">{disclaimers.error.message}</Alert> : null}
      {disclaimers.data ? (
        <>
          <h2>On every report</h2>
          <p>
            <strong>{disclaimers.data.fixed}</strong>
          </p>
          <h2>{VALUATION_DISCLAIMER_TEXTS.defaultWording}</h2>
          <p>{disclaimers.data.defaultText}</p>
          <h2 id="by-state-title">By state</h2>
          <p role="status">{saved}</p>
          <div className="ds-table-wrap">
            <table className="ds-table" aria-labelledby="by-state-title">
              <thead>
                <tr>
                  <th scope="col">State</th>
                  <th scope="col">Disclaimer</th>
                  <th scope="col">Last set</th>
                  {canEdit ? (
                    <th scope="col">
                      <span className="ln-visually-hidden">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {disclaimers.data.disclaimers.map((d) => (
                  <tr key={d.state}>
                    <th scope="row">
                      {d.stateName} <span className="ds-muted">{d.state}</span>
                    </th>
                    <td>
                      {d.text === null ? (
                        <span className="ds-muted">
                          {VALUATION_DISCLAIMER_TEXTS.defaultWording}
                        </span>
                      ) : (
                        <span className="adm-pre-line">{d.text}</span>
                      )}
                      {drafts[d.state] !== undefined ? (
                        <div className="ds-muted">Unsaved changes</div>
                      ) : null}
                    </td>
                    <td>{lastSet(d)}</td>
                    {canEdit ? (
                      <td>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => {
                            setSaved('');
                            setEditing(d);
                          }}
                        >
                          Edit <span className="ln-visually-hidden">{d.stateName}</span>
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <Dialog
        title={`Disclaimer for ${editing?.stateName ?? ''}`}
        description="Shown after the fixed sentence on every valuation report about a home in this state."
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      >
        {editing ? (
          <ValuationDisclaimerForm
            disclaimer={editing}
            draft={drafts[editing.state]}
            onDraft={(text) => setDrafts((all) => ({ ...all, [editing.state]: text }))}
            onSaved={(text) => {
              forget(editing.state);
              setSaved(
                text === null
                  ? `${editing.stateName} now uses our default wording.`
                  : `Saved the disclaimer for ${editing.stateName}.`,
              );
              setEditing(null);
            }}
            onCancel={() => {
              forget(editing.state);
              setEditing(null);
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
