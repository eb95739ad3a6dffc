import {
  LISTING_PORTALS_TEXTS as T,
  type TListingPortals,
  type TOwnedListing,
} from '@lantern/contracts';
import {
  Alert,
  Button,
  Checkbox,
  FormError,
  Spinner,
  setApiErrors,
  useSchemaForm,
} from '@lantern/ui';
import { useId, useState } from 'react';
import { z } from 'zod';
import { useListingPortals, useSetListingPortals } from '../api/portal-feeds.ts';

/** One box a portal, in the list's order: ticked sends the listing there. */
const ZSendSchema = z.object({ send: z.array(z.boolean()) });

/**
 * The Portals tab (issue 49; docs/decisions/098): the home-search portals our feed goes to, by
 * name, each with "Send to <name>". Saving keeps the listing out of the unticked ones from their
 * next fetch.
 */
export function ListingPortalsPanel({
  property,
  listing,
}: {
  property: string;
  listing: TOwnedListing;
}) {
  const headingId = useId();
  const view = useListingPortals(property);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{T.heading}</h2>
      {view.isPending ? (
        <Spinner label="Loading the portals" />
      ) : view.isError ? (
        <Alert tone="danger">We could not load this tab. Reload the page to try again.</Alert>
      ) : (
        <>
          <p>{T.intro}</p>
          {listing.published ? null : <Alert tone="info">{T.notPublished}</Alert>}
          {view.data.shared ? null : <Alert tone="info">{T.notShared}</Alert>}
          {view.data.portals.length ? (
            <PortalsForm property={property} data={view.data} labelledBy={headingId} />
          ) : (
            <p>{T.none}</p>
          )}
        </>
      )}
    </section>
  );
}

function PortalsForm({
  property,
  data,
  labelledBy,
}: {
  property: string;
  data: TListingPortals;
  labelledBy: string;
}) {
  const save = useSetListingPortals();
  const [saved, setSaved] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZSendSchema, { defaultValues: { send: data.portals.map((p) => p.send) } });
  const submit = handleSubmit(async ({ send }) => {
    setSaved('');
    const skip = data.portals.filter((_, i) => !send[i]).map((p) => p.hash);
    try {
      await save.mutateAsync({ property, skip });
      setSaved(T.saved);
    } catch (error) {
      setApiErrors(error, setError, []);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      <FormError errors={errors} />
      <fieldset className="ds-fieldset-plain">
        <legend className="ln-visually-hidden">{T.heading}</legend>
        {data.portals.map((p, i) => (
          <Checkbox key={p.hash} {...register(`send.${i}`)} label={T.send(p.name)} />
        ))}
      </fieldset>
      <p role="status">{saved}</p>
      <Button type="submit" loading={isSubmitting}>
        {T.save}
      </Button>
    </form>
  );
}
