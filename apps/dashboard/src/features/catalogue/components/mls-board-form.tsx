import {
  COVERAGE_STATES,
  MLS_TEXTS,
  type TAdminMlsBoard,
  type TCreateMlsBoardRequest,
} from '@lantern/contracts';
import { ApiError } from '@lantern/domain';
import {
  Alert,
  Button,
  Checkbox,
  FormError,
  fieldError,
  setApiErrors,
  TextAreaField,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { centsText, parseDollars } from '../../../lib/dollars.ts';
import { useSaveMlsBoard } from '../api/mls-boards.ts';

/** What the form holds (text as typed) and the request it makes; the API checks all of it again. */
const ZMlsBoardFormSchema = z
  .object({
    slug: z.string().trim(),
    name: z.string().trim().min(1, MLS_TEXTS.nameRequired).max(120, MLS_TEXTS.nameTooLong),
    shortName: z
      .string()
      .trim()
      .min(1, MLS_TEXTS.shortNameRequired)
      .max(40, MLS_TEXTS.shortNameTooLong),
    states: z.array(z.string()).min(1, MLS_TEXTS.statesRequired),
    counties: z.string(),
    region: z.string().trim().max(200, MLS_TEXTS.region),
    website: z.string().trim(),
    sourceName: z.string().trim().min(1, MLS_TEXTS.sourceName).max(120, MLS_TEXTS.sourceName),
    sourceUrl: z.string().trim(),
    notes: z.string().trim().max(2000, MLS_TEXTS.notes),
    listingFee: z.string().trim(),
    rules: z.string().trim().max(4000, MLS_TEXTS.rules),
  })
  .transform((f, ctx): TCreateMlsBoardRequest => {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(f.slug) || f.slug.length < 2 || f.slug.length > 60)
      ctx.addIssue({ code: 'custom', path: ['slug'], message: MLS_TEXTS.slug });
    for (const key of ['website', 'sourceUrl'] as const)
      if (!/^https:\/\/[^\s/]+\.[^\s]+$/.test(f[key]))
        ctx.addIssue({ code: 'custom', path: [key], message: MLS_TEXTS.url });
    const fee = f.listingFee === '' ? null : parseDollars(f.listingFee);
    if (f.listingFee !== '' && fee === null)
      ctx.addIssue({ code: 'custom', path: ['listingFee'], message: MLS_TEXTS.fee });
    const counties = f.counties
      .split('\n')
      .map((c) => c.trim())
      .filter(Boolean);
    if (counties.some((c) => c.length > 80))
      ctx.addIssue({ code: 'custom', path: ['counties'], message: MLS_TEXTS.county });
    return {
      slug: f.slug,
      name: f.name,
      shortName: f.shortName,
      states: f.states,
      counties: counties.length ? counties : null,
      region: f.region || null,
      website: f.website,
      sourceName: f.sourceName,
      sourceUrl: f.sourceUrl,
      notes: f.notes || null,
      listingFeeCents: fee,
      rules: f.rules || null,
    };
  });

const FIELDS = [
  'slug',
  'name',
  'shortName',
  'states',
  'counties',
  'region',
  'website',
  'sourceName',
  'sourceUrl',
  'notes',
  'rules',
] as const;

type TMlsBoardForm = z.input<typeof ZMlsBoardFormSchema>;

/** The form's values for a board, or for a new one. */
function defaultsFor(board: TAdminMlsBoard | null): TMlsBoardForm {
  return {
    slug: board?.slug ?? '',
    name: board?.name ?? '',
    shortName: board?.shortName ?? '',
    states: board?.states ?? [],
    counties: board?.counties?.join('\n') ?? '',
    region: board?.region ?? '',
    website: board?.website ?? 'https://',
    sourceName: board?.sourceName ?? '',
    sourceUrl: board?.sourceUrl ?? 'https://',
    notes: board?.notes ?? '',
    listingFee: board?.listingFeeCents == null ? '' : centsText(board.listingFeeCents),
    rules: board?.rules ?? '',
  };
}

/** Add an MLS or board of realtors, or change one (its slug stays: /mls/{slug} is public). */
export function MlsBoardForm({
  board,
  onDone,
}: {
  board: TAdminMlsBoard | null;
  onDone: (saved: TAdminMlsBoard) => void;
}) {
  const save = useSaveMlsBoard(board?.slug ?? null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZMlsBoardFormSchema, {
    defaultValues: defaultsFor(board),
  });
  const submit = handleSubmit(async (request) => {
    try {
      onDone(await save.mutateAsync(request));
    } catch (error) {
      setApiErrors(error, setError, [...FIELDS]);
      // The request names the fee in cents; the form takes dollars.
      const fee = error instanceof ApiError ? error.field('listingFeeCents') : undefined;
      if (fee) setError('listingFee', { message: fee });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormError errors={errors} />
      <TextField
        {...register('slug')}
        label="Slug"
        hint="The address of its public page: /mls/slug. It cannot change once the board is added."
        autoComplete="off"
        maxLength={60}
        readOnly={board !== null}
        error={fieldError(errors, 'slug')}
      />
      <TextField
        {...register('name')}
        label="Full name"
        maxLength={120}
        error={fieldError(errors, 'name')}
      />
      <TextField
        {...register('shortName')}
        label="Short name"
        maxLength={40}
        error={fieldError(errors, 'shortName')}
      />
      <BoardDetails register={register} errors={errors} />
      <Button type="submit" loading={isSubmitting}>
        {board ? 'Save board' : 'Add board'}
      </Button>
    </form>
  );
}

interface PartProps {
  register: UseFormRegister<TMlsBoardForm>;
  errors: FieldErrors<TMlsBoardForm>;
}

/** Where the board serves, what it charges and asks, and where these facts come from. */
function BoardDetails({ register, errors }: PartProps) {
  return (
    <>
      <fieldset className="adm-permissions">
        <legend>States it serves</legend>
        {fieldError(errors, 'states') ? (
          <Alert tone="danger">{fieldError(errors, 'states')}</Alert>
        ) : null}
        <div className="adm-state-grid">
          {COVERAGE_STATES.map((s) => (
            <Checkbox key={s.code} {...register('states')} value={s.code} label={s.name} />
          ))}
        </div>
      </fieldset>
      <TextAreaField
        {...register('counties')}
        label="Counties confirmed (one a line)"
        hint="Local MLS listing is offered in these counties of its states as soon as you save. Leave empty when none is confirmed."
        rows={5}
        error={fieldError(errors, 'counties')}
      />
      <TextField
        {...register('region')}
        label="Area, in the board’s own words (optional)"
        maxLength={200}
        error={fieldError(errors, 'region')}
      />
      <TextField
        {...register('listingFee')}
        label="Listing fee in US dollars (optional)"
        inputMode="decimal"
        hint="What the board charges per listing, if known. For example 125 or 125.50."
        error={fieldError(errors, 'listingFee')}
      />
      <TextAreaField
        {...register('rules')}
        label="Listing rules (optional)"
        hint="Plain text, shown on the board’s public page."
        maxLength={4000}
        error={fieldError(errors, 'rules')}
      />
      <TextField
        {...register('website')}
        label="Website"
        type="url"
        maxLength={500}
        error={fieldError(errors, 'website')}
      />
      <TextField
        {...register('sourceName')}
        label="Source of these facts"
        hint="For example “CRMLS website”."
        maxLength={120}
        error={fieldError(errors, 'sourceName')}
      />
      <TextField
        {...register('sourceUrl')}
        label="Source address"
        type="url"
        maxLength={500}
        error={fieldError(errors, 'sourceUrl')}
      />
      <TextAreaField
        {...register('notes')}
        label="Notes (optional)"
        maxLength={2000}
        error={fieldError(errors, 'notes')}
      />
    </>
  );
}
