import { ZSettlementTransactionCreateSchema } from '@lantern/contracts';
import { SETTLEMENT_PAGES } from '@lantern/domain';
import {
  Button,
  fieldError,
  formError,
  Select,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useNavigate } from 'react-router';
import { useCreateTransaction, useSettlementProperties } from '../api/settlement.ts';
import { asCents } from './cents.ts';

const FIELDS = ['property', 'salePriceCents', 'closingDate', 'escrowNumber'] as const;

type Area = 'vendor' | 'admin';
interface Property {
  hash: string;
  address: string;
}

/**
 * Start a transaction: the settlement vendor on a property assigned to them, or staff on a
 * property some settlement vendor is assigned (then the vendor carries on with it).
 */
export function NewTransaction({ area }: { area: Area }) {
  const properties = useSettlementProperties(area);
  if (!properties.data) return null;
  const free = properties.data.properties.filter((p) => !p.openTransaction);
  if (free.length === 0)
    return (
      <p>
        {area === 'vendor'
          ? 'Every property assigned to you has an open transaction. Our team assigns new ones to you.'
          : 'Every property with a settlement vendor has an open transaction. Assign a settlement vendor to a property on their page to start one.'}
      </p>
    );
  return <NewTransactionForm area={area} free={free} />;
}

/** The form itself, once there is a property without an open transaction to start one on. */
function NewTransactionForm({ area, free }: { area: Area; free: readonly Property[] }) {
  const create = useCreateTransaction(area);
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZSettlementTransactionCreateSchema, {
    defaultValues: { property: free[0]?.hash ?? '', closingDate: '', escrowNumber: '' },
  });
  const submit = handleSubmit(async (request) => {
    let hash: string;
    try {
      hash = (await create.mutateAsync(request)).hash;
    } catch (error) {
      setApiErrors(error, setError, [...FIELDS]);
      return;
    }
    navigate(
      area === 'vendor' ? SETTLEMENT_PAGES.vendorOne(hash) : SETTLEMENT_PAGES.adminOne(hash),
    );
  });
  const formMessage = formError(errors);
  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-transaction-title">
      <h2 id="new-transaction-title">Start a transaction</h2>
      <Select
        label="Property"
        {...register('property')}
        options={free.map((p) => ({ value: p.hash, label: p.address }))}
        error={fieldError(errors, 'property')}
      />
      <TextField
        label="Sale price (dollars)"
        inputMode="decimal"
        {...register('salePriceCents', { setValueAs: asCents })}
        error={fieldError(errors, 'salePriceCents')}
      />
      <TextField
        label="Closing date"
        type="date"
        {...register('closingDate')}
        error={fieldError(errors, 'closingDate')}
      />
      <TextField
        label="File number (optional)"
        {...register('escrowNumber')}
        error={fieldError(errors, 'escrowNumber')}
      />
      {formMessage ? (
        <p role="alert" className="ds-error">
          {formMessage}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        Start the transaction
      </Button>
    </form>
  );
}
