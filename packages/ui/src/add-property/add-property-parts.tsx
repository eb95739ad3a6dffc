import type {
  AddressField,
  AddressFields,
  GeocodedAddress,
  LatLng,
  PlaceSuggestion,
  PropertyLocation,
} from '@lantern/address';
import { fieldLabel, toPlaceData, US_STATES } from '@lantern/address';
import { PLACES_ONLY_HINT } from '@lantern/contracts';
import { SELECTABLE_ROLES } from '@lantern/domain';
import type { FieldErrors } from 'react-hook-form';
import { Button } from '../button.tsx';
import { fieldError } from '../forms/api-errors.ts';
import type { MapTiles } from '../map/pin-map.tsx';
import { Select } from '../select.tsx';
import { TextField } from '../text-field.tsx';
import {
  type Busy,
  countyOf,
  type FormState,
  type FormValues,
  type OpenDialog,
  type PropertyEdit,
} from './add-property-model.ts';
import { AddressAutocomplete } from './address-autocomplete.tsx';
import { ChooseAddressDialog, ConfirmAddressDialog, LocationDialog } from './address-dialogs.tsx';

/* The add-property form's parts, drawn from what the form hands them. */

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

export function LocationChoice({
  location,
  readOnly,
  setLocation,
}: {
  location: PropertyLocation;
  readOnly: boolean;
  setLocation: (next: PropertyLocation) => void;
}) {
  return (
    <fieldset className="ln-add-property__location">
      <legend className="ln-visually-hidden">Property location</legend>
      {(
        [
          ['address', 'Property has an address'],
          ['parcel', 'No address'],
        ] as const
      ).map(([value, text]) => (
        <label key={value} className="ln-radio">
          <input
            type="radio"
            name="propertyLocation"
            value={value}
            checked={location === value}
            disabled={readOnly}
            onChange={() => setLocation(value)}
          />
          <span>{text}</span>
        </label>
      ))}
    </fieldset>
  );
}

interface InputsProps {
  location: PropertyLocation;
  fields: AddressFields;
  readOnly: boolean;
  errors: FieldErrors<FormValues>;
  editField: (field: AddressField, value: string) => void;
}

/** The street lines: the parcel number, the street with its suggestions, unit and city. */
export function StreetInputs({
  location,
  fields,
  readOnly,
  errors,
  editField,
  choosePlace,
  suggest,
  placesOnly,
}: InputsProps & {
  choosePlace: (suggestion: PlaceSuggestion) => void;
  suggest: (input: string, signal: AbortSignal) => Promise<PlaceSuggestion[]>;
  placesOnly: boolean;
}) {
  const parcel = location === 'parcel';
  const label = (field: AddressField) => fieldLabel(location, field);
  return (
    <>
      {parcel ? (
        <TextField
          label={label('apn')}
          name="apn"
          hint="The assessor's parcel number (APN)."
          value={fields.apn}
          readOnly={readOnly}
          maxLength={64}
          onChange={(e) => editField('apn', e.target.value)}
          error={fieldError(errors, 'propertyAddress.apn')}
        />
      ) : null}
      <AddressAutocomplete
        label={label('streetAddress')}
        name="streetAddress"
        autoComplete={parcel ? 'off' : 'address-line1'}
        maxLength={200}
        readOnly={readOnly}
        value={fields.streetAddress}
        onChange={(v) => editField('streetAddress', v)}
        onSelect={choosePlace}
        suggest={suggest}
        hint={placesOnly && !readOnly ? PLACES_ONLY_HINT : undefined}
        error={fieldError(errors, 'propertyAddress.streetAddress')}
      />
      <TextField
        label={label('unit')}
        name="unit"
        autoComplete="address-line2"
        maxLength={50}
        readOnly={readOnly}
        value={fields.unit}
        onChange={(e) => editField('unit', e.target.value)}
        error={fieldError(errors, 'propertyAddress.unit')}
      />
      <TextField
        label={label('city')}
        name="city"
        autoComplete="address-level2"
        maxLength={100}
        readOnly={readOnly}
        value={fields.city}
        onChange={(e) => editField('city', e.target.value)}
        error={fieldError(errors, 'propertyAddress.city')}
      />
    </>
  );
}

/** The county (filled in by the lookup), the state and the ZIP code. */
export function RegionInputs({ location, fields, readOnly, errors, editField }: InputsProps) {
  const label = (field: AddressField) => fieldLabel(location, field);
  return (
    <>
      <TextField
        label={label('county')}
        name="county"
        readOnly
        hint="Filled in when the address is checked."
        value={fields.county}
        error={fieldError(errors, 'propertyAddress.county')}
      />
      <div className="ln-add-property__row">
        <Select
          label={label('state')}
          name="state"
          autoComplete="address-level1"
          placeholder="Select a state"
          options={STATE_OPTIONS}
          value={fields.state}
          disabled={readOnly}
          onChange={(e) => editField('state', e.target.value)}
          error={fieldError(errors, 'propertyAddress.state')}
        />
        <TextField
          label={label('zipCode')}
          name="zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          readOnly={readOnly}
          value={fields.zipCode}
          onChange={(e) => editField('zipCode', e.target.value)}
          error={fieldError(errors, 'propertyAddress.zipCode')}
        />
      </div>
    </>
  );
}

export function RoleSelect({
  role,
  errors,
  setRole,
}: {
  role: string;
  errors: FieldErrors<FormValues>;
  setRole: (value: string) => void;
}) {
  return (
    <Select
      label="I am the"
      name="transactionRole"
      placeholder="Select your role"
      options={SELECTABLE_ROLES}
      value={role}
      onChange={(e) => setRole(e.target.value)}
      error={fieldError(errors, 'transactionRole')}
    />
  );
}

export function SubmitButton({ busy, edit }: { busy: Busy; edit: PropertyEdit | undefined }) {
  return (
    <Button type="submit" block loading={busy === 'saving'}>
      {busy === 'checking'
        ? 'Checking the address…'
        : busy === 'saving'
          ? edit
            ? 'Saving…'
            : 'Creating…'
          : edit
            ? 'Save Address'
            : 'Create Property'}
    </Button>
  );
}

/** The open dialog: confirm the address, choose between two, or place the pin. */
export function AddressDialogs({
  dialog,
  form,
  mapTiles,
  editAddress,
  accepted,
  onSelectPin,
}: {
  dialog: OpenDialog | null;
  form: FormState;
  mapTiles: MapTiles | undefined;
  editAddress: () => void;
  accepted: (next: FormState, result: GeocodedAddress) => void;
  onSelectPin: (pin: LatLng) => void;
}) {
  const { fields } = form;
  return (
    <>
      {dialog?.kind === 'confirm' ? (
        <ConfirmAddressDialog
          fields={fields}
          onEdit={editAddress}
          onCorrect={() =>
            accepted(
              {
                ...form,
                fields: { ...fields, county: countyOf(dialog.result) },
                placeData: toPlaceData(dialog.result),
              },
              dialog.result,
            )
          }
        />
      ) : null}
      {dialog?.kind === 'choose' ? (
        <ChooseAddressDialog
          entered={dialog.entered}
          likely={dialog.likely}
          differing={dialog.differing}
          onEdit={editAddress}
          onUseEntered={() =>
            accepted(
              {
                ...form,
                // The county belongs to the likely place; keep it only when just the street differs.
                fields: {
                  ...fields,
                  county: dialog.differing.every((p) => p === 'street')
                    ? countyOf(dialog.result)
                    : '',
                },
                placeData: toPlaceData(dialog.result),
              },
              dialog.result,
            )
          }
          onUseLikely={() =>
            accepted(
              { ...form, fields: dialog.likely, placeData: toPlaceData(dialog.result) },
              dialog.result,
            )
          }
        />
      ) : null}
      {dialog?.kind === 'map' ? (
        <LocationDialog
          result={dialog.result}
          tiles={mapTiles ?? { url: null, attribution: '', maxZoom: 19 }}
          onSelect={onSelectPin}
          onCancel={editAddress}
        />
      ) : null}
    </>
  );
}
