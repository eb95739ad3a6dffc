import {
  COVERAGE_STATES,
  SITE_TRUST_TEXTS,
  type TStateNotice,
  type TStateNoticeRequest,
} from '@lantern/contracts';
import {
  Button,
  FormError,
  fieldError,
  Select,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { z } from 'zod';
import { useSaveNotice } from '../api/site-trust.ts';

const STATE_OPTIONS = [...COVERAGE_STATES]
  .sort((a, b) => a.name.localeCompare(b.name))
  .map((s) => ({ value: s.code, label: s.name }));

/** The form's text as typed, made the request; the API checks all of it again. */
const ZNoticeFormSchema = z
  .object({
    state: z.string().min(1, SITE_TRUST_TEXTS.state),
    label: z.string().trim().min(1, SITE_TRUST_TEXTS.label).max(120, SITE_TRUST_TEXTS.label),
    url: z.string().trim().min(1, SITE_TRUST_TEXTS.noticeUrl),
    position: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, SITE_TRUST_TEXTS.position),
  })
  .transform((f): TStateNoticeRequest => ({ ...f, position: Number(f.position) }));

/**
 * A notice a state requires on our website (docs/decisions/080): its state, the link's words and
 * where it points (an https address, or a page of our own site such as /legal/texas-iabs).
 */
export function StateNoticeForm({
  notice,
  onDone,
}: {
  notice: TStateNotice | null;
  onDone: (saved: TStateNotice) => void;
}) {
  const save = useSaveNotice(notice?.id ?? null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZNoticeFormSchema, {
    defaultValues: {
      state: notice?.state ?? '',
      label: notice?.label ?? '',
      url: notice?.url ?? 'https://',
      position: String(notice?.position ?? 0),
    },
  });
  const submit = handleSubmit(async (request) => {
    try {
      onDone(await save.mutateAsync(request));
    } catch (error) {
      setApiErrors(error, setError, ['state', 'label', 'url', 'position']);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormError errors={errors} />
      <Select
        {...register('state')}
        label="State"
        placeholder="Choose a state"
        options={STATE_OPTIONS}
        error={fieldError(errors, 'state')}
      />
      <TextField
        {...register('label')}
        label="Link words"
        hint="As the state names the notice, e.g. Information About Brokerage Services."
        maxLength={120}
        error={fieldError(errors, 'label')}
      />
      <TextField
        {...register('url')}
        label="Address"
        hint="https://… for a document elsewhere, or a page of this site starting with /."
        autoComplete="off"
        error={fieldError(errors, 'url')}
      />
      <TextField
        {...register('position')}
        label="Order within the state"
        hint="Lowest first."
        inputMode="numeric"
        error={fieldError(errors, 'position')}
      />
      <div className="adm-actions">
        <Button type="submit" disabled={isSubmitting}>
          {notice ? 'Save notice' : 'Add notice'}
        </Button>
      </div>
    </form>
  );
}
