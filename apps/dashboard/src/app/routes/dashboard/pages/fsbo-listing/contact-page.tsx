import {
  fsboContactIssues,
  type TFsboListing,
  ZFsboContactRequestSchema,
} from '@lantern/contracts';
import { FSBO_LISTING_FIELD_LABELS as L, FSBO_LISTING_TEXTS as T } from '@lantern/domain';
import { Checkbox, fieldError, setApiErrors, TextField, useSchemaForm } from '@lantern/ui';
import type { Path } from 'react-hook-form';
import { useSaveContact } from '../../../../../features/fsbo-listing/api/listing.ts';
import { useFsboStepSave } from '../../../../../features/fsbo-listing/hooks/use-fsbo-step-save.ts';
import { FsboStepFooter } from './step-footer.tsx';
import { FsboStepFrame, stepForm } from './step-frame.tsx';
import { showIssues } from './values.ts';

const ZValuesSchema = ZFsboContactRequestSchema.pick({ contact: true });
type Values = { contact: TFsboListing['contact'] };
const FIELDS = ['name', 'showEmail', 'email', 'showPhone', 'phone'] as const;

/**
 * Step 2: how buyers reach the seller. The seller's email and phone appear on the page only when
 * they tick to show them; a message form that passes buyers' questions on without showing either
 * comes with the buyer-leads work (issue 22), so until then the step says plainly what showing
 * nothing means.
 */
export function FsboContactPage() {
  return <FsboStepFrame step="contact">{stepForm(ContactForm)}</FsboStepFrame>;
}

function ContactForm({ listing, property }: { listing: TFsboListing; property: string }) {
  const save = useSaveContact();
  const published = listing.status === 'published';
  const { intent, saved, run } = useFsboStepSave('describe', property);
  const form = useSchemaForm(ZValuesSchema, {
    defaultValues: {
      contact: { showEmail: false, showPhone: false, ...listing.contact },
    },
  });
  const { errors, isSubmitting } = form.formState;
  const err = (name: Path<Values>) => fieldError(errors, name);
  const showEmail = form.watch('contact.showEmail');
  const showPhone = form.watch('contact.showPhone');

  const submit = form.handleSubmit(async (values) => {
    if (intent.current === 'continue' || published) {
      if (showIssues(form.setError, 'contact', fsboContactIssues(values.contact))) return;
    }
    await run(
      (finish) => save.mutateAsync({ property, contact: values.contact, finish }),
      (error) =>
        setApiErrors(
          error,
          form.setError,
          FIELDS.map((f) => `contact.${f}` as Path<Values>),
        ),
      published,
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Contact">
      <p>{T.contactIntro}</p>
      <fieldset disabled={!listing.canEdit} className="ds-fieldset-plain">
        <TextField
          label={L.name}
          hint={L.nameHint}
          autoComplete="given-name"
          error={err('contact.name')}
          {...form.register('contact.name')}
        />
        <Checkbox label={L.showEmail} {...form.register('contact.showEmail')} />
        {showEmail ? (
          <TextField
            label={L.email}
            type="email"
            autoComplete="email"
            error={err('contact.email')}
            {...form.register('contact.email')}
          />
        ) : null}
        <Checkbox label={L.showPhone} {...form.register('contact.showPhone')} />
        {showPhone ? (
          <TextField
            label={L.phone}
            type="tel"
            autoComplete="tel"
            error={err('contact.phone')}
            {...form.register('contact.phone')}
          />
        ) : null}
        {!showEmail && !showPhone ? <p className="ds-muted">{T.throughUs}</p> : null}
      </fieldset>
      <FsboStepFooter
        listing={listing}
        errors={errors}
        saved={saved}
        submitting={isSubmitting}
        intent={intent}
      />
    </form>
  );
}
