import {
  RESO_CLIENT_RESOURCES,
  RESO_CLIENT_TEXTS,
  RESO_RATE_LIMIT_RANGE,
  ZResoClientCreateSchema,
} from '@lantern/contracts';
import {
  Alert,
  Button,
  Checkbox,
  FormError,
  fieldError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { z } from 'zod';
import { useCreateResoClient } from '../api/reso-clients.ts';

const { name, resources } = ZResoClientCreateSchema.shape;

/** The rate is typed as text and sent as a whole number; the rest as the API reads it. */
const ZPartnerFormSchema = z
  .object({
    name,
    resources,
    rateLimit: z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, RESO_CLIENT_TEXTS.rateLimit)
      .refine(
        (s) => Number(s) >= RESO_RATE_LIMIT_RANGE.min && Number(s) <= RESO_RATE_LIMIT_RANGE.max,
        RESO_CLIENT_TEXTS.rateLimit,
      ),
  })
  .transform(({ rateLimit, ...rest }) => ({ ...rest, rateLimitPerMinute: Number(rateLimit) }));

const EMPTY = {
  name: '',
  resources: [...RESO_CLIENT_RESOURCES],
  rateLimit: String(RESO_RATE_LIMIT_RANGE.default),
};

const RESOURCE_HINTS: Record<(typeof RESO_CLIENT_RESOURCES)[number], string> = {
  Property: 'Property: the listings sellers agreed to share',
  Media: 'Media: their photos, in order',
};

/** A new partner; the secret made is handed up to be shown once. */
export function PartnerForm({ onMade }: { onMade: (secret: string | null, name: string) => void }) {
  const create = useCreateResoClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZPartnerFormSchema, { defaultValues: EMPTY });
  const submit = handleSubmit(async (request) => {
    onMade(null, '');
    try {
      const made = await create.mutateAsync(request);
      reset(EMPTY);
      onMade(made.clientSecret, made.client.name);
    } catch (error) {
      setApiErrors(error, setError, ['name'], { aboveForm: ['resources', 'rateLimitPerMinute'] });
    }
  });
  const resourcesError = fieldError(errors, 'resources');
  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-partner-title">
      <FormError errors={errors} />
      <TextField
        {...register('name')}
        label="Partner’s name"
        hint="The company that will read our listings, as you will want to find it in this list."
        maxLength={100}
        error={fieldError(errors, 'name')}
      />
      <fieldset>
        <legend>What it may read</legend>
        {RESO_CLIENT_RESOURCES.map((r) => (
          <Checkbox key={r} label={RESOURCE_HINTS[r]} value={r} {...register('resources')} />
        ))}
      </fieldset>
      {resourcesError ? <Alert tone="danger">{resourcesError}</Alert> : null}
      <TextField
        {...register('rateLimit')}
        label="Requests a minute"
        hint={`Beyond this the partner is asked to wait. From ${RESO_RATE_LIMIT_RANGE.min} to ${RESO_RATE_LIMIT_RANGE.max.toLocaleString('en-US')}.`}
        inputMode="numeric"
        autoComplete="off"
        error={fieldError(errors, 'rateLimit')}
      />
      <Button type="submit" loading={isSubmitting}>
        Add partner
      </Button>
    </form>
  );
}
