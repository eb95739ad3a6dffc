import { CDA_PAYEE_ROLE_LABELS, type TCda } from '@lantern/contracts';
import {
  ApiError,
  CDA_MAX_PAYEES,
  CDA_PAYEE_ROLES,
  centsToDollars,
  checkCdaAmounts,
  dollarsToCents,
  formatCents,
  type TCdaPayeeRole,
} from '@lantern/domain';
import { Button, Select, TextField } from '@lantern/ui';
import { type FormEvent, useState } from 'react';
import { useSaveCda } from '../api/settlement.ts';

interface Row {
  key: number;
  name: string;
  role: TCdaPayeeRole;
  amount: string;
  instructions: string;
}

let nextKey = 1;
const emptyRow = (): Row => ({
  key: nextKey++,
  name: '',
  role: 'buyer_brokerage',
  amount: '',
  instructions: '',
});

/**
 * The CDA's figures: the commission and each payee, with the running total and how far it is from
 * the commission (the server checks the same with the same function, checkCdaAmounts).
 */
export function CdaEditor({ hash, cda }: { hash: string; cda: TCda | null }) {
  const save = useSaveCda(hash);
  const [commission, setCommission] = useState(cda ? centsToDollars(cda.commissionCents) : '');
  const [rows, setRows] = useState<Row[]>(() =>
    cda?.payees.length
      ? cda.payees.map((p) => ({
          key: nextKey++,
          name: p.name,
          role: p.role,
          amount: centsToDollars(p.amountCents),
          instructions: p.instructions ?? '',
        }))
      : [{ ...emptyRow(), role: 'listing_brokerage' }, emptyRow()],
  );
  const [saved, setSaved] = useState(false);
  const error = save.error instanceof ApiError ? save.error : null;

  const commissionCents = dollarsToCents(commission);
  const amounts = rows.map((r) => dollarsToCents(r.amount));
  const check =
    commissionCents !== null && amounts.every((a) => a !== null)
      ? checkCdaAmounts(
          commissionCents,
          amounts.map((a) => ({ amountCents: a ?? 0 })),
        )
      : null;

  const update = (key: number, change: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    save.mutate(
      {
        commissionCents: commissionCents ?? Number.NaN,
        payees: rows.map((r, i) => ({
          name: r.name,
          role: r.role,
          amountCents: amounts[i] ?? Number.NaN,
          instructions: r.instructions,
        })),
      },
      { onSuccess: () => setSaved(true) },
    );
  }

  const amountError = (i: number, r: Row) =>
    (r.amount && amounts[i] === null ? 'Enter the amount in dollars and cents.' : undefined) ??
    error?.field(`payees.${i}.amountCents`);

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="cda-editor-title">
      <h2 id="cda-editor-title">Commission and payees</h2>
      <p>
        Every cent of the commission goes to a payee: the amounts must add up to it exactly. Save,
        then sign below.
      </p>
      <TextField
        label="Commission (dollars)"
        inputMode="decimal"
        value={commission}
        onChange={(e) => setCommission(e.target.value)}
        error={
          (commission && commissionCents === null
            ? 'Enter the commission in dollars and cents.'
            : undefined) ?? error?.field('commissionCents')
        }
      />
      {rows.map((r, i) => (
        <fieldset key={r.key} className="ds-fieldset">
          <legend>Payee {i + 1}</legend>
          <TextField
            label="Paid to"
            value={r.name}
            onChange={(e) => update(r.key, { name: e.target.value })}
            error={error?.field(`payees.${i}.name`)}
          />
          <Select
            label="For"
            value={r.role}
            onChange={(e) => update(r.key, { role: e.target.value as TCdaPayeeRole })}
            options={CDA_PAYEE_ROLES.map((value) => ({
              value,
              label: CDA_PAYEE_ROLE_LABELS[value],
            }))}
          />
          <TextField
            label="Amount (dollars)"
            inputMode="decimal"
            value={r.amount}
            onChange={(e) => update(r.key, { amount: e.target.value })}
            error={amountError(i, r)}
          />
          <TextField
            label="Payment instructions (optional)"
            value={r.instructions}
            onChange={(e) => update(r.key, { instructions: e.target.value })}
            error={error?.field(`payees.${i}.instructions`)}
          />
          {rows.length > 1 ? (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
            >
              Remove payee {i + 1}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {rows.length < CDA_MAX_PAYEES ? (
        <Button
          type="button"
          variant="secondary"
          onClick={() => setRows((all) => [...all, emptyRow()])}
        >
          Add a payee
        </Button>
      ) : null}
      <p aria-live="polite" data-testid="cda-total">
        {check
          ? check.differenceCents === 0
            ? `The payees add up to ${formatCents(check.totalCents)}, the whole commission.`
            : check.differenceCents > 0
              ? `${formatCents(check.differenceCents)} of the commission is not given to a payee yet.`
              : `The payees are given ${formatCents(-check.differenceCents)} more than the commission.`
          : null}
      </p>
      {error ? (
        <p role="alert" className="ds-error">
          {error.field('payees') ?? error.message}
        </p>
      ) : save.error ? (
        <p role="alert" className="ds-error">
          {save.error.message}
        </p>
      ) : null}
      {saved ? <p role="status">The authorisation is saved.</p> : null}
      <Button type="submit" disabled={save.isPending}>
        Save the authorisation
      </Button>
    </form>
  );
}
