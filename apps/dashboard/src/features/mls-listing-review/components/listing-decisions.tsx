import {
  LISTING_REVIEW_TEXTS,
  RETURN_REASON_FIELD_LABELS,
  RETURN_REASON_FIELDS,
  type TAdminListingDetail,
  type TRejectListingRequest,
  ZApproveListingRequestSchema,
  ZRejectListingRequestSchema,
  ZSendBackRequestSchema,
} from '@lantern/contracts';
import { formatCents } from '@lantern/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  fieldError,
  formError,
  Select,
  setApiErrors,
  TextAreaField,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useApproveListing, useRejectListing, useSendBackListing } from '../api/mls-listings.ts';

type Done = (message: string) => void;

/**
 * Issue 18: staff's three decisions on a submitted listing. Each form keeps what was typed when
 * the API refuses it; the server checks again that the listing is still waiting (409 otherwise).
 */
export function ListingDecisions({
  listing,
  onDone,
}: {
  listing: TAdminListingDetail;
  onDone: Done;
}) {
  return (
    <>
      <ApproveForm listing={listing} onDone={onDone} />
      <SendBackForm listing={listing} onDone={onDone} />
      <RejectForm listing={listing} onDone={onDone} />
    </>
  );
}

function ApproveForm({ listing, onDone }: { listing: TAdminListingDetail; onDone: Done }) {
  const approve = useApproveListing(listing.hash);
  const form = useSchemaForm(ZApproveListingRequestSchema, {
    defaultValues: { mlsNumber: '', board: listing.board?.slug ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const after = await approve.mutateAsync({
        mlsNumber: values.mlsNumber,
        ...(values.board ? { board: values.board } : {}),
      });
      onDone(
        `Approved: live on ${after.board?.name ?? 'the MLS'} as MLS number ${after.mlsNumber ?? values.mlsNumber}. The owners have an email.`,
      );
    } catch (error) {
      setApiErrors(error, form.setError, ['mlsNumber', 'board']);
    }
  });
  const problem = formError(errors);
  return (
    <section className="adm-section" aria-labelledby="approve-title">
      <h2 id="approve-title">Approve</h2>
      <p>Put the listing on the MLS first, then enter the number the MLS gave it.</p>
      <form className="adm-money-form" onSubmit={submit} noValidate aria-label="Approve">
        <TextField
          label="MLS number"
          autoComplete="off"
          maxLength={40}
          error={fieldError(errors, 'mlsNumber')}
          {...form.register('mlsNumber')}
        />
        <Select
          label="MLS"
          placeholder={listing.board ? undefined : 'Choose the MLS'}
          options={listing.boards.map((b) => ({ value: b.slug, label: b.name }))}
          hint={
            listing.board
              ? 'Confirmed for the county at the location step. Change it only if the listing went on another MLS.'
              : undefined
          }
          error={fieldError(errors, 'board')}
          {...form.register('board')}
        />
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
        <Button type="submit" loading={isSubmitting}>
          Approve and put live
        </Button>
      </form>
    </section>
  );
}

const FIELD_OPTIONS = RETURN_REASON_FIELDS.map((f) => ({
  value: f,
  label: RETURN_REASON_FIELD_LABELS[f],
}));

function SendBackForm({ listing, onDone }: { listing: TAdminListingDetail; onDone: Done }) {
  const sendBack = useSendBackListing(listing.hash);
  const form = useSchemaForm(ZSendBackRequestSchema, {
    defaultValues: { reasons: [{ field: 'listing', reason: '' }] },
  });
  const rows = useFieldArray({ control: form.control, name: 'reasons' });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await sendBack.mutateAsync(values);
      onDone('Sent back. The owners have an email with the reasons.');
    } catch (error) {
      setApiErrors(error, form.setError, [
        'reasons',
        ...rows.fields.flatMap((_, i) => [`reasons.${i}.field`, `reasons.${i}.reason`] as const),
      ]);
    }
  });
  const problem = formError(errors);
  const listError = fieldError(errors, 'reasons');
  return (
    <section className="adm-section" aria-labelledby="send-back-title">
      <h2 id="send-back-title">Send back</h2>
      <p>Each reason shows beside the field it concerns; the owners fix it and sign again.</p>
      <form onSubmit={submit} noValidate aria-label="Send back">
        <ol className="adm-reasons">
          {rows.fields.map((row, i) => (
            <li key={row.id}>
              <fieldset className="ln-field">
                <legend className="ln-label">Reason {i + 1}</legend>
                <Select
                  label="Field"
                  options={FIELD_OPTIONS}
                  error={fieldError(errors, `reasons.${i}.field`)}
                  {...form.register(`reasons.${i}.field`)}
                />
                <TextAreaField
                  label="What to fix"
                  rows={2}
                  maxLength={1000}
                  error={fieldError(errors, `reasons.${i}.reason`)}
                  {...form.register(`reasons.${i}.reason`)}
                />
                {rows.fields.length > 1 ? (
                  <Button variant="secondary" size="sm" onClick={() => rows.remove(i)}>
                    Remove reason {i + 1}
                  </Button>
                ) : null}
              </fieldset>
            </li>
          ))}
        </ol>
        {listError ? <p className="ln-field__error">{listError}</p> : null}
        <div className="adm-actions">
          {rows.fields.length < 30 ? (
            <Button
              variant="secondary"
              onClick={() => rows.append({ field: 'listing', reason: '' })}
            >
              Add another reason
            </Button>
          ) : null}
          <Button type="submit" loading={isSubmitting}>
            Send back to the owners
          </Button>
        </div>
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
      </form>
    </section>
  );
}

function RejectForm({ listing, onDone }: { listing: TAdminListingDetail; onDone: Done }) {
  const reject = useRejectListing(listing.hash);
  const form = useSchemaForm(ZRejectListingRequestSchema, { defaultValues: { reason: '' } });
  const [confirming, setConfirming] = useState<TRejectListingRequest | null>(null);
  const { errors } = form.formState;
  const amount = formatCents(listing.refundableCents);
  const ask = form.handleSubmit((values) => setConfirming(values));
  const confirm = async () => {
    if (!confirming) return;
    try {
      await reject.mutateAsync(confirming);
      setConfirming(null);
      onDone(`Marked as cannot be listed. ${amount} was refunded and the owners were told why.`);
    } catch (error) {
      setConfirming(null);
      setApiErrors(error, form.setError, ['reason']);
    }
  };
  const problem = formError(errors);
  return (
    <section className="adm-section" aria-labelledby="reject-title">
      <h2 id="reject-title">Cannot be listed</h2>
      <p>
        When no MLS will take the listing. The owners read the reason, and everything paid on the
        listing’s invoice ({amount}) is refunded.
      </p>
      <form className="adm-money-form" onSubmit={ask} noValidate aria-label="Cannot be listed">
        <TextAreaField
          label="Why it cannot be listed"
          maxLength={2000}
          error={fieldError(errors, 'reason')}
          {...form.register('reason')}
        />
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
        <Button type="submit" variant="danger">
          Cannot be listed…
        </Button>
      </form>
      <Dialog
        title="Refund and mark as cannot be listed?"
        description={LISTING_REVIEW_TEXTS.rejectConfirm(amount, listing.invoice?.number ?? null)}
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !reject.isPending) setConfirming(null);
        }}
        actions={
          <>
            <Button variant="danger" loading={reject.isPending} onClick={() => void confirm()}>
              Refund {amount} and mark it
            </Button>
            <DialogClose>
              <Button variant="secondary" disabled={reject.isPending}>
                Keep it waiting
              </Button>
            </DialogClose>
          </>
        }
      />
    </section>
  );
}
