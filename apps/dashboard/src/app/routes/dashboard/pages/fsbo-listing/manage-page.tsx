import {
  LISTING_SYNDICATION_DEFAULTS,
  LISTING_TOOLS_LINK,
  LISTING_TOOLS_PAGES,
  LISTING_SYNDICATION_TEXTS as LS,
  SALES_TEXTS,
  type TFsboListing,
  ZFsboMarketStatusRequestSchema,
} from '@lantern/contracts';
import {
  FSBO_LISTING_STEP_LABELS,
  FSBO_LISTING_FIELD_LABELS as L,
  FSBO_LISTING_TEXTS as T,
  type TFsboListingStep,
} from '@lantern/domain';
import {
  Alert,
  Button,
  Checkbox,
  fieldError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { SyndicationForm } from '../../../../../components/syndication-form.tsx';
import {
  useMarketStatus,
  usePublish,
  useSaveSyndication,
  useUnpublish,
} from '../../../../../features/fsbo-listing/api/listing.ts';
import { fsboStepHref } from '../../../../../features/fsbo-listing/steps.ts';
import { FsboStepFrame } from './step-frame.tsx';
import { asNumber } from './values.ts';

const STATUS_WORDS = { active: 'For sale', pending: 'Under contract', sold: 'Sold' } as const;
const EDIT_STEPS: TFsboListingStep[] = ['basics', 'contact', 'describe', 'media'];

/** The last step: edit the published listing, mark it pending or sold, unpublish or republish. */
export function FsboManagePage() {
  return (
    <FsboStepFrame step="manage">
      {(listing, property) => <Manage listing={listing} property={property} />}
    </FsboStepFrame>
  );
}

function Manage({ listing, property }: { listing: TFsboListing; property: string }) {
  const market = useMarketStatus();
  const publish = usePublish();
  const unpublish = useUnpublish();
  const [done, setDone] = useState<string | null>(null);
  const published = listing.status === 'published';
  const status = listing.marketStatus as keyof typeof STATUS_WORDS;
  const error = market.error ?? publish.error ?? unpublish.error;
  const after = (text: string) => ({ onSuccess: () => setDone(text) });
  return (
    <>
      <section aria-labelledby="manage-state">
        <h2 id="manage-state">Where your listing stands</h2>
        {published ? (
          <p>
            Published — {STATUS_WORDS[status] ?? listing.marketStatus}
            {listing.soldPrice !== null && listing.soldOn
              ? `, ${listing.soldPrice.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })} on ${listing.soldOn}`
              : ''}
            . {listing.publicPath ? <a href={listing.publicPath}>See your listing page</a> : null}
          </p>
        ) : (
          <p>{T.unpublished}</p>
        )}
        {listing.publicPath ? (
          <p>
            <Link to={LISTING_TOOLS_PAGES.home(property)}>{LISTING_TOOLS_LINK}</Link>
          </p>
        ) : null}
      </section>
      {done ? <p role="status">{done}</p> : null}
      {error ? <Alert tone="danger">{error.message}</Alert> : null}
      {listing.canEdit ? (
        <>
          <section aria-labelledby="manage-edit">
            <h2 id="manage-edit">Change the listing</h2>
            <ul>
              {EDIT_STEPS.map((step) => (
                <li key={step}>
                  <Link to={fsboStepHref(step, property)}>
                    Edit {FSBO_LISTING_STEP_LABELS[step].toLowerCase()}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          {published ? (
            <section aria-labelledby="manage-market">
              <h2 id="manage-market">The sale</h2>
              <p className="ds-actions">
                {status !== 'pending' ? (
                  <Button
                    variant="secondary"
                    loading={market.isPending && market.variables?.status === 'pending'}
                    onClick={() =>
                      market.mutate({ property, status: 'pending' }, after(T.marketStatusSaved))
                    }
                  >
                    Mark as under contract
                  </Button>
                ) : null}
                {status !== 'active' ? (
                  <Button
                    variant="secondary"
                    loading={market.isPending && market.variables?.status === 'active'}
                    onClick={() =>
                      market.mutate({ property, status: 'active' }, after(T.marketStatusSaved))
                    }
                  >
                    Back on the market
                  </Button>
                ) : null}
              </p>
              <SoldForm
                listing={listing}
                saving={market.isPending}
                onSold={(sold) =>
                  market.mutateAsync(
                    { property, status: 'sold', ...sold },
                    after(T.marketStatusSaved),
                  )
                }
              />
            </section>
          ) : null}
          <FsboSyndication listing={listing} property={property} />
          <section aria-labelledby="manage-publish">
            <h2 id="manage-publish">On the public pages</h2>
            <p className="ds-actions">
              {published ? (
                <Button
                  variant="secondary"
                  loading={unpublish.isPending}
                  onClick={() => unpublish.mutate({ property }, after(T.unpublished))}
                >
                  {T.unpublish}
                </Button>
              ) : (
                <Button
                  loading={publish.isPending}
                  disabled={listing.publishNeeds.length > 0}
                  onClick={() => publish.mutate({ property }, after(T.published))}
                >
                  {T.republish}
                </Button>
              )}
            </p>
          </section>
        </>
      ) : null}
    </>
  );
}

/** Where the listing may appear beyond our site, changed at any time (issue 49). */
function FsboSyndication({ listing, property }: { listing: TFsboListing; property: string }) {
  const save = useSaveSyndication();
  return (
    <SyndicationForm
      value={listing.syndication ?? LISTING_SYNDICATION_DEFAULTS}
      label={LS.legend}
      submitLabel={LS.save}
      savedText={LS.saved}
      onSave={(syndication) => save.mutateAsync({ property, syndication })}
    />
  );
}

/** The request's "sold" rules, without the property and status the page adds. */
const ZSoldFormSchema = ZFsboMarketStatusRequestSchema.options[2].omit({
  property: true,
  status: true,
});
type TSold = z.output<typeof ZSoldFormSchema>;

function SoldForm({
  listing,
  saving,
  onSold,
}: {
  listing: TFsboListing;
  saving: boolean;
  onSold: (sold: TSold) => Promise<unknown>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(ZSoldFormSchema, {
    defaultValues: {
      soldPrice: listing.soldPrice ?? undefined,
      soldOn: listing.soldOn ?? '',
      showSoldPrice: false,
    },
  });
  // The page shows what went wrong above its forms; the fields show their own messages.
  const submit = handleSubmit(async (sold) => {
    try {
      await onSold(sold);
    } catch (error) {
      setApiErrors(error, setError, ['soldPrice', 'soldOn', 'showSoldPrice']);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="sold-title" className="ds-subform">
      <h3 id="sold-title">Mark as sold</h3>
      <TextField
        label={L.soldPrice}
        inputMode="decimal"
        {...register('soldPrice', { setValueAs: asNumber })}
        error={fieldError(errors, 'soldPrice')}
      />
      <TextField
        label={L.soldOn}
        type="date"
        {...register('soldOn')}
        error={fieldError(errors, 'soldOn')}
      />
      <Checkbox
        label={SALES_TEXTS.consent}
        hint={SALES_TEXTS.consentHint}
        {...register('showSoldPrice')}
      />
      <Button type="submit" loading={saving}>
        Mark as sold
      </Button>
    </form>
  );
}
