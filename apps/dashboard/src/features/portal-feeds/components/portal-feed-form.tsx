import { type TPortalFeedCreated, ZPortalFeedCreateSchema } from '@lantern/contracts';
import { Button, FormError, fieldError, setApiErrors, TextField, useSchemaForm } from '@lantern/ui';
import { useCreatePortalFeed } from '../api/portal-feeds.ts';

const EMPTY = { name: '' };

/** A new portal's feed: its name in, its secret address handed up to be shown once. */
export function PortalFeedForm({ onMade }: { onMade: (made: TPortalFeedCreated) => void }) {
  const create = useCreatePortalFeed();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZPortalFeedCreateSchema, { defaultValues: EMPTY });
  const submit = handleSubmit(async (body) => {
    try {
      const made = await create.mutateAsync(body);
      reset(EMPTY);
      onMade(made);
    } catch (error) {
      setApiErrors(error, setError, ['name']);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-feed-title">
      <FormError errors={errors} />
      <TextField
        {...register('name')}
        label="Portal’s name"
        hint="As owners will read it beside “Send to”, e.g. Zillow or Homes.com."
        maxLength={100}
        autoComplete="off"
        error={fieldError(errors, 'name')}
      />
      <div className="adm-actions">
        <Button type="submit" loading={isSubmitting}>
          Make the feed
        </Button>
      </div>
    </form>
  );
}
