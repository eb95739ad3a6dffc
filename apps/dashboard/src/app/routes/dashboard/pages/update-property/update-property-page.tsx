import { type TPropertyDetails, UPDATE_PROPERTY_MESSAGES } from '@lantern/contracts';
import { AddPropertyForm, Alert } from '@lantern/ui';
import { useQueryClient } from '@tanstack/react-query';
import { PageFrame } from '../../../../../components/page-frame.tsx';
import { usePropertyDetails } from '../../../../../features/properties/api/get-property.ts';
import {
  applyPropertyUpdate,
  updateProperty,
} from '../../../../../features/properties/api/update-property.ts';
import { useCurrentProperty } from '../../../../../features/properties/hooks/use-current-property.ts';
import { api } from '../../../../../lib/api.ts';
import { PropertyContext } from '../property-context.tsx';

/** The stored property as the shared form's starting state; its address was checked when added. */
function initialForm(p: TPropertyDetails) {
  return {
    location: p.propertyLocation,
    fields: {
      apn: p.apn ?? '',
      streetAddress: p.street,
      unit: p.unit ?? '',
      city: p.city,
      county: p.county ?? '',
      state: p.state,
      zipCode: p.zipCode,
    },
    placeData: {
      confirmedJson: true,
      // A ZIP code's centroid is not where the home is: the map dialog must not start there as if it were.
      lat: p.positionPrecision === 'zip' ? null : p.lat,
      lng: p.positionPrecision === 'zip' ? null : p.lng,
      json: p.address_json ? JSON.stringify(p.address_json) : '',
      viewport: null,
    },
  };
}

/**
 * /dashboard/update-property: the add-property address form (same checks, same dialogs) filled
 * with the stored address; read-only for a participant whose can_edit is false.
 */
export function UpdatePropertyPage() {
  const { hash, entry } = useCurrentProperty();
  const details = usePropertyDetails(hash);
  const queryClient = useQueryClient();
  const property = details.data?.property;

  return (
    <PageFrame title="Update Property">
      <PropertyContext entry={entry} />
      {!hash ? (
        <p>Choose a property in the menu above to change its address.</p>
      ) : details.isPending ? (
        <p role="status">Loading…</p>
      ) : details.isError || !property ? (
        <Alert tone="danger">We could not load this property. Reload the page to try again.</Alert>
      ) : (
        <>
          {property.can_edit ? (
            <p>
              Correct the address if it has changed or was entered wrongly. We check it again before
              saving.
            </p>
          ) : (
            <Alert tone="info">{UPDATE_PROPERTY_MESSAGES.readOnly}</Alert>
          )}
          <AddPropertyForm
            key={`${property.hash}-${property.can_edit}`}
            api={api}
            className="ds-address-form"
            edit={{
              initial: initialForm(property),
              readOnly: !property.can_edit,
              save: async (payload) => {
                const saved = await updateProperty({ property: property.hash, ...payload });
                applyPropertyUpdate(queryClient, saved);
              },
            }}
          />
        </>
      )}
    </PageFrame>
  );
}
