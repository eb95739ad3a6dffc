import { priceText, type TMlsListing, ZMlsListingServicesRequestSchema } from '@lantern/contracts';
import { formatCents, MLS_LISTING_TEXTS } from '@lantern/domain';
import { Alert, Checkbox, fieldError, formError, setApiErrors, useSchemaForm } from '@lantern/ui';
import {
  useListingServices,
  useSaveServices,
} from '../../../../../features/mls-listing/api/services.ts';
import { StepActions } from '../../../../../features/mls-listing/components/step-actions.tsx';
import { useStepSave } from '../../../../../features/mls-listing/hooks/use-step-save.ts';
import { StepFrame } from './step-frame.tsx';

const ZServicesFormSchema = ZMlsListingServicesRequestSchema.pick({ upgrades: true });

/** Step 3: optional upgrades for this property, each added to the listing's invoice. */
export function ServicesPage() {
  return (
    <StepFrame step="services">
      {(listing, property) => <ServicesStep listing={listing} property={property} />}
    </StepFrame>
  );
}

function ServicesStep({ listing, property }: { listing: TMlsListing; property: string }) {
  const services = useListingServices(property);
  if (services.isPending) return <p role="status">Loading…</p>;
  if (services.isError)
    return (
      <Alert tone="danger">We could not load the services. Reload the page to try again.</Alert>
    );
  return <ServicesForm listing={listing} property={property} data={services.data} />;
}

function ServicesForm({
  listing,
  property,
  data,
}: {
  listing: TMlsListing;
  property: string;
  data: NonNullable<ReturnType<typeof useListingServices>['data']>;
}) {
  const save = useSaveServices();
  const { intent, saved, run } = useStepSave('photos', property);
  const form = useSchemaForm(ZServicesFormSchema, {
    defaultValues: { upgrades: data.upgrades.filter((u) => u.chosen).map((u) => u.slug) },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(({ upgrades }) =>
    run(
      () => save.mutateAsync({ property, upgrades }),
      (error) => setApiErrors(error, form.setError, ['upgrades']),
    ),
  );
  const problem = formError(errors);
  return (
    <form onSubmit={submit} noValidate aria-label="Services">
      <p>{MLS_LISTING_TEXTS.servicesIntro}</p>
      {data.upgrades.length === 0 ? (
        <p>No optional services are offered for this property.</p>
      ) : null}
      <fieldset className="ln-field" disabled={!listing.canEdit}>
        <legend className="ln-label">Optional services</legend>
        {data.upgrades.map((u) => (
          <Checkbox
            key={u.slug}
            value={u.slug}
            disabled={u.locked}
            label={
              <>
                {u.name} — {priceText(u)}
              </>
            }
            hint={
              u.locked
                ? MLS_LISTING_TEXTS.upgradeStarted(u.name)
                : u.billedOn === 'own'
                  ? MLS_LISTING_TEXTS.upgradeOwnInvoice
                  : u.description
            }
            {...form.register('upgrades')}
          />
        ))}
        {errors.upgrades ? (
          <p className="ln-field__error">{fieldError(errors, 'upgrades')}</p>
        ) : null}
      </fieldset>
      {data.invoiceTotalCents !== null ? (
        <p>
          Your listing’s invoice comes to <strong>{formatCents(data.invoiceTotalCents)}</strong>.
        </p>
      ) : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {saved ? <p role="status">Services saved.</p> : null}
      {listing.canEdit ? (
        <StepActions
          saving={isSubmitting ? intent.current : null}
          onIntent={(i) => {
            intent.current = i;
          }}
        />
      ) : null}
    </form>
  );
}
