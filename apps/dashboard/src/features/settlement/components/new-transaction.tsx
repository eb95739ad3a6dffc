import { SETTLEMENT_PAGES } from '@lantern/contracts';
import { ApiError, dollarsToCents } from '@lantern/domain';
import { Button, Select, TextField } from '@lantern/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateTransaction, useSettlementProperties } from '../api/settlement.ts';

/**
 * Start a transaction: the settlement vendor on a property assigned to them, or staff on a
 * property some settlement vendor is assigned (then the vendor carries on with it).
 */
export function NewTransaction({ area }: { area: 'vendor' | 'admin' }) {
  const properties = useSettlementProperties(area);
  const create = useCreateTransaction(area);
  const navigate = useNavigate();
  const free = (properties.data?.properties ?? []).filter((p) => !p.openTransaction);
  const [property, setProperty] = useState('');
  const [price, setPrice] = useState('');
  const [closing, setClosing] = useState('');
  const [file, setFile] = useState('');
  const error = create.error instanceof ApiError ? create.error : null;
  const cents = dollarsToCents(price);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      {
        property: property || (free[0]?.hash ?? ''),
        escrowNumber: file,
        salePriceCents: cents ?? Number.NaN,
        closingDate: closing,
      },
      {
        onSuccess: (t) =>
          navigate(
            area === 'vendor'
              ? SETTLEMENT_PAGES.vendorOne(t.hash)
              : SETTLEMENT_PAGES.adminOne(t.hash),
          ),
      },
    );
  }
  if (!properties.data) return null;
  if (free.length === 0)
    return (
      <p>
        {area === 'vendor'
          ? 'Every property assigned to you has an open transaction. Our team assigns new ones to you.'
          : 'Every property with a settlement vendor has an open transaction. Assign a settlement vendor to a property on their page to start one.'}
      </p>
    );
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="new-transaction-title">
      <h2 id="new-transaction-title">Start a transaction</h2>
      <Select
        label="Property"
        value={property || (free[0]?.hash ?? '')}
        onChange={(e) => setProperty(e.target.value)}
        options={free.map((p) => ({ value: p.hash, label: p.address }))}
        error={error?.field('property')}
      />
      <TextField
        label="Sale price (dollars)"
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={
          (price && cents === null ? 'Enter the sale price in dollars and cents.' : undefined) ??
          error?.field('salePriceCents')
        }
      />
      <TextField
        label="Closing date"
        type="date"
        value={closing}
        onChange={(e) => setClosing(e.target.value)}
        error={error?.field('closingDate')}
      />
      <TextField
        label="File number (optional)"
        value={file}
        onChange={(e) => setFile(e.target.value)}
        error={error?.field('escrowNumber')}
      />
      {create.error ? (
        <p role="alert" className="ds-error">
          {create.error.message}
        </p>
      ) : null}
      <Button type="submit" disabled={create.isPending}>
        Start the transaction
      </Button>
    </form>
  );
}
