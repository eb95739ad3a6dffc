import {
  ESIGN_DISCLOSURE_VERSION,
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_MANAGE_TEXTS as LM,
  SALES_TEXTS,
  STANDARD_STATUS_LABELS,
  type TChangeRequestDetails,
  type TListingManage,
  ZEsignConsentFormSchema,
  ZPhotosChangeSchema,
  ZPriceChangeSchema,
  ZRemarksChangeSchema,
  ZRenewFieldsSchema,
  ZStatusChangeSchema,
} from '@lantern/contracts';
import { todayUtc } from '@lantern/domain';
import {
  Alert,
  Button,
  Checkbox,
  fieldError,
  formError,
  Select,
  setApiErrors,
  TextAreaField,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { type ReactNode, useId, useState } from 'react';
import type {
  DefaultValues,
  FieldErrors,
  FieldValues,
  Path,
  UseFormRegister,
} from 'react-hook-form';
import { z } from 'zod';
import { RemarksField } from '../../../components/remarks-field.tsx';
import { blankAsUndefined, typedNumber } from '../../../lib/form-values.ts';
import { useDeliveredPhotos, useRenewListing, useRequestChange } from '../api/manage.ts';
import { EsignDisclosure } from './esign-disclosure.tsx';
import { PhotoSetPicker } from './photo-set.tsx';

type Disclosure = TListingManage['disclosure'];
const consent = ZEsignConsentFormSchema.shape;

/**
 * One change form's frame: its heading, the ESIGN disclosure (folded), the consent box and
 * "Sign and send", with the answer said politely once it is sent. Each form keeps what was typed
 * when the request fails, and is emptied only once it succeeded.
 */
function SignedForm<V extends FieldValues>({
  title,
  intro,
  disclosure,
  register,
  errors,
  submitting,
  sent,
  onSubmit,
  children,
}: {
  title: string;
  intro?: ReactNode;
  disclosure: Disclosure;
  register: UseFormRegister<V>;
  errors: FieldErrors<V>;
  submitting: boolean;
  sent: string | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const problem = formError(errors);
  return (
    <section aria-labelledby={titleId} className="ds-change-form">
      <h3 id={titleId}>{title}</h3>
      {intro}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        noValidate
        aria-labelledby={titleId}
      >
        {children}
        <details className="ds-disclosure-fold">
          <summary>{disclosure.title}</summary>
          <EsignDisclosure disclosure={disclosure} />
        </details>
        <Checkbox
          label={disclosure.consentLabel}
          error={fieldError(errors, 'consent' as Path<V>)}
          {...register('consent' as Path<V>)}
        />
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
        <p className="ds-actions">
          <Button type="submit" loading={submitting}>
            {LM.signAndSend}
          </Button>
        </p>
        <div role="status">
          {sent ? (
            <Alert tone="success" announce={false}>
              {sent}
            </Alert>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/**
 * One signed change form's state: the schema's form and a submit that sends, says the answer and
 * empties the form (or resets it to `after`) only once it succeeded; a refusal lands on `fields`,
 * so what was typed is kept.
 */
function useSignedForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  fields: readonly Path<z.input<S>>[],
  send: (values: z.output<S>) => Promise<{ message: string }>,
  after?: (values: z.output<S>) => DefaultValues<z.input<S>>,
) {
  const form = useSchemaForm(schema, { defaultValues });
  const [sent, setSent] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setSent(null);
    try {
      const out = await send(values);
      setSent(out.message);
      form.reset(after?.(values));
    } catch (error) {
      setApiErrors(error, form.setError, fields);
    }
  });
  const { errors, isSubmitting: submitting } = form.formState;
  return { form, errors, frame: { register: form.register, errors, submitting, sent, onSubmit } };
}

/** Sends one change request, signed under the disclosure shown. */
function useSendChange(property: string) {
  const request = useRequestChange();
  return (details: TChangeRequestDetails) =>
    request.mutateAsync({
      property,
      details,
      consent: true,
      consentVersion: ESIGN_DISCLOSURE_VERSION,
    });
}

const ZPriceForm = z.object({ details: ZPriceChangeSchema, ...consent });

export function PriceChangeForm({ data, property }: { data: TListingManage; property: string }) {
  const send = useSendChange(property);
  const { form, errors, frame } = useSignedForm(
    ZPriceForm,
    { details: { kind: 'price', ListPrice: '' }, consent: false },
    ['details.ListPrice', 'consent'],
    (values) => send(values.details),
  );
  const { used, refusal } = data.priceChanges;
  return (
    <SignedForm
      title={LM.priceTitle}
      intro={
        <>
          <p>{LM.priceUsed(used)}</p>
          {refusal ? <Alert tone="warning">{refusal}</Alert> : null}
        </>
      }
      disclosure={data.disclosure}
      {...frame}
    >
      <TextField
        label={LM.newPrice}
        inputMode="numeric"
        hint={
          data.ListPrice !== null ? `Now $${data.ListPrice.toLocaleString('en-US')}.` : undefined
        }
        error={fieldError(errors, 'details.ListPrice')}
        {...form.register('details.ListPrice', { setValueAs: typedNumber })}
      />
    </SignedForm>
  );
}

const ZRemarksForm = z.object({ details: ZRemarksChangeSchema, ...consent });

export function RemarksChangeForm({ data, property }: { data: TListingManage; property: string }) {
  const send = useSendChange(property);
  const { form, errors, frame } = useSignedForm(
    ZRemarksForm,
    { details: { kind: 'remarks', PublicRemarks: data.PublicRemarks ?? '' }, consent: false },
    ['details.PublicRemarks', 'consent'],
    (values) => send(values.details),
    // The new remarks stay in the box: they are what the listing will say.
    (values) => ({ details: values.details, consent: false }),
  );
  const remarks = String(form.watch('details.PublicRemarks') ?? '');
  return (
    <SignedForm title={LM.remarksTitle} disclosure={data.disclosure} {...frame}>
      <RemarksField
        label={LM.newRemarks}
        rows={6}
        value={remarks}
        error={fieldError(errors, 'details.PublicRemarks')}
        {...form.register('details.PublicRemarks')}
      />
    </SignedForm>
  );
}

const ZPhotosForm = z.object({ details: ZPhotosChangeSchema, ...consent });

export function PhotosChangeForm({ data, property }: { data: TListingManage; property: string }) {
  const send = useSendChange(property);
  const delivered = useDeliveredPhotos(property);
  const { form, errors, frame } = useSignedForm(
    ZPhotosForm,
    { details: { kind: 'photos', instructions: '' }, consent: false },
    ['details.instructions', 'details.photos', 'consent'],
    (values) => send(values.details),
  );
  const chosen = form.watch('details.photos') ?? [];
  return (
    <SignedForm
      title={LM.photosTitle}
      intro={<p>{LM.photosNote}</p>}
      disclosure={data.disclosure}
      {...frame}
    >
      <PhotoSetPicker
        own={data.photos}
        delivered={delivered.data ?? []}
        chosen={chosen}
        onChange={(next) =>
          form.setValue('details.photos', next.length ? next : undefined, { shouldDirty: true })
        }
        error={fieldError(errors, 'details.photos')}
      />
      <TextAreaField
        label={LM.photosInstructions}
        hint={`The listing has ${data.photoCount} photo${data.photoCount === 1 ? '' : 's'} now.`}
        error={fieldError(errors, 'details.instructions')}
        {...form.register('details.instructions')}
      />
    </SignedForm>
  );
}

const ZStatusForm = z
  .object({ details: ZStatusChangeSchema, ...consent })
  .superRefine(({ details: d }, ctx) => {
    if (d.StandardStatus !== 'Closed') return;
    if (d.ClosePrice === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['details', 'ClosePrice'],
        message: L.closeNeedsPriceAndDate,
      });
    if (d.CloseDate === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['details', 'CloseDate'],
        message: L.closeNeedsPriceAndDate,
      });
    else if (d.CloseDate > todayUtc())
      ctx.addIssue({ code: 'custom', path: ['details', 'CloseDate'], message: L.closeDateFuture });
  });

export function StatusChangeForm({ data, property }: { data: TListingManage; property: string }) {
  const send = useSendChange(property);
  const { form, errors, frame } = useSignedForm(
    ZStatusForm,
    { details: { kind: 'status' }, consent: false },
    ['details.StandardStatus', 'details.ClosePrice', 'details.CloseDate', 'consent'],
    (values) => send(values.details),
  );
  const closing = form.watch('details.StandardStatus') === 'Closed';
  return (
    <SignedForm
      title={LM.statusChangeTitle}
      intro={<p>Now {STANDARD_STATUS_LABELS[data.standardStatus]}.</p>}
      disclosure={data.disclosure}
      {...frame}
    >
      <Select
        label={LM.newStatus}
        placeholder="Choose a status"
        options={data.requestableStatuses.map((s) => ({
          value: s,
          label: STANDARD_STATUS_LABELS[s],
        }))}
        error={fieldError(errors, 'details.StandardStatus')}
        {...form.register('details.StandardStatus', { setValueAs: blankAsUndefined })}
      />
      {closing ? (
        <>
          <TextField
            label={LM.closePrice}
            inputMode="numeric"
            error={fieldError(errors, 'details.ClosePrice')}
            {...form.register('details.ClosePrice', { setValueAs: typedNumber })}
          />
          <TextField
            label={LM.closeDate}
            type="date"
            max={todayUtc()}
            error={fieldError(errors, 'details.CloseDate')}
            {...form.register('details.CloseDate', { setValueAs: blankAsUndefined })}
          />
          <Checkbox
            label={SALES_TEXTS.consent}
            hint={SALES_TEXTS.consentHint}
            {...form.register('details.ShowClosePrice')}
          />
        </>
      ) : null}
    </SignedForm>
  );
}

const ZRenewForm = ZRenewFieldsSchema.extend(consent);

export function RenewalForm({ data, property }: { data: TListingManage; property: string }) {
  const renew = useRenewListing();
  const { form, errors, frame } = useSignedForm(
    ZRenewForm,
    { ExpirationDate: '', consent: false },
    ['ExpirationDate', 'consent'],
    (values) =>
      renew.mutateAsync({
        property,
        ExpirationDate: values.ExpirationDate,
        consent: true,
        consentVersion: ESIGN_DISCLOSURE_VERSION,
      }),
  );
  return (
    <SignedForm
      title={LM.renewalTitle}
      intro={<p>{LM.renewalIntro}</p>}
      disclosure={data.disclosure}
      {...frame}
    >
      <TextField
        label={LM.newEndDate}
        type="date"
        min={data.ExpirationDate ?? undefined}
        hint={data.ExpirationDate ? `Now ends on ${data.ExpirationDate}.` : undefined}
        error={fieldError(errors, 'ExpirationDate')}
        {...form.register('ExpirationDate')}
      />
    </SignedForm>
  );
}
