import {
  type AddressField,
  type AddressFields,
  type AddressPart,
  afterDialogChoice,
  applyLikelyAddress,
  applyMapPin,
  emptyAddressFields,
  emptyPlaceData,
  fieldLabel,
  type GeocodedAddress,
  geocodedStreetLine,
  isComplete,
  type LatLng,
  nextValidationStep,
  type PlaceData,
  type PlaceSuggestion,
  type PropertyLocation,
  resetOnEdit,
  toPlaceData,
  US_STATES,
  type ValidationStep,
} from '@lantern/address';
import {
  PLACES_ONLY_HINT,
  type TPropertyMenuEntry,
  ZAddPropertyRequestSchema,
  ZPropertyAddressChangeSchema,
} from '@lantern/contracts';
import { ApiError, SELECTABLE_ROLES } from '@lantern/domain';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../alert.tsx';
import { Button } from '../button.tsx';
import { cx } from '../class-names.ts';
import { FORM_ERROR, fieldError, formError, setApiErrors } from '../forms/api-errors.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import type { MapTiles } from '../map/pin-map.tsx';
import { Select } from '../select.tsx';
import { TextField } from '../text-field.tsx';
import {
  type AddPropertyClient,
  geocodeFields,
  geocodeText,
  loadMapConfig,
  postProperty,
  suggestPlaces,
} from './add-property-api.ts';
import { AddressAutocomplete } from './address-autocomplete.tsx';
import { ChooseAddressDialog, ConfirmAddressDialog, LocationDialog } from './address-dialogs.tsx';

/** Session storage flag the dashboard reads to select a property it hears was created (spec 9). */
export const ORIGINATED_PROPERTY_CREATION = 'originatedPropertyCreation';

export interface AddPropertyFormProps {
  /** The API client (`api` of @lantern/contracts/api-client, or the dashboard's). */
  api: AddPropertyClient;
  /** After the property was created and the form cleared; e.g. close the panel. */
  onCreated?: (property: TPropertyMenuEntry) => void;
  /** Text above the form, e.g. 'Enter the property details to get started.' */
  intro?: string;
  /** Tiles for the map step; by default asked of GET /api/map-config. */
  tiles?: MapTiles;
  className?: string;
  /**
   * Edit an existing property instead of creating one (the Update Property page): the form
   * starts from `initial`, has no role select, and `save` posts the address.
   */
  edit?: {
    initial: { location: PropertyLocation; fields: AddressFields; placeData: PlaceData };
    /** can_edit is false: every field read-only and no submit button (spec 3 and 6). */
    readOnly: boolean;
    save: (payload: {
      propertyLocation: PropertyLocation;
      propertyAddress: AddressFields & { placeData: PlaceData };
    }) => Promise<void>;
  };
}

interface FormState {
  location: PropertyLocation;
  fields: AddressFields;
  role: string;
  placeData: PlaceData;
}

type OpenDialog =
  | { kind: 'confirm'; result: GeocodedAddress }
  | {
      kind: 'choose';
      result: GeocodedAddress;
      entered: AddressFields;
      likely: AddressFields;
      differing: AddressPart[];
    }
  | { kind: 'map'; result?: GeocodedAddress | undefined };

/** What the person enters, named as the request names it, so a 422's paths are the fields'. */
interface FormValues {
  propertyLocation: PropertyLocation;
  transactionRole: string;
  propertyAddress: AddressFields;
}

/**
 * The contract checks the entry before the address lookup starts: adding a property with
 * POST /user/add-property's schema, editing with the address part of update-property's. The
 * lookup then runs on what was entered; the server parses the request again.
 */
const ADD_SCHEMA = ZAddPropertyRequestSchema as unknown as z.ZodType<FormValues, FormValues>;
const EDIT_SCHEMA = ZPropertyAddressChangeSchema as unknown as z.ZodType<FormValues, FormValues>;

const initialState = (): FormState => ({
  location: 'address',
  fields: emptyAddressFields(),
  role: '',
  placeData: emptyPlaceData(),
});

const toValues = (state: FormState): FormValues => ({
  propertyLocation: state.location,
  transactionRole: state.role,
  propertyAddress: state.fields,
});

const addressPath = (field: AddressField) => `propertyAddress.${field}` as const;

/** The inputs with a message under them, in page order: the first one with a message is focused. */
const FIELD_ORDER: Array<Path<FormValues>> = [
  ...(['apn', 'streetAddress', 'unit', 'city', 'state', 'zipCode'] as const).map(addressPath),
  'transactionRole',
];
/** Request fields without an input of their own: their message is shown above the form. */
const ABOVE_FORM = ['propertyLocation', addressPath('county')];

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

/** The county a geocoded result names, when the rest of the address is the geocoded one. */
const countyOf = (result: GeocodedAddress | undefined) => result?.county ?? '';

/**
 * The add-property form (spec sections 2-5): address or parcel, the address fields, the role,
 * and Create Property. Submitting runs the validation steps of packages/address
 * (nextValidationStep) and renders what they decide: field errors, a geocode, the confirmation
 * or choice dialog, or the map pin; then it posts to /user/add-property.
 */
export function AddPropertyForm({
  api,
  onCreated,
  intro,
  tiles,
  className,
  edit,
}: AddPropertyFormProps) {
  // Editing keeps the role out of the form; a non-empty value lets the shared rules pass it.
  const [start] = useState<FormState>(() =>
    edit ? { ...edit.initial, role: 'kept' } : initialState(),
  );
  const {
    watch,
    getValues,
    setValue,
    setError,
    clearErrors,
    reset,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(edit ? EDIT_SCHEMA : ADD_SCHEMA, {
    defaultValues: toValues(start),
    // Focus follows the page order of the fields below (focusFirstError), as it always has.
    shouldFocusError: false,
  });
  // Where the address was found (geocoder, place or pin): not typed, so not a form value.
  const [placeData, setPlaceData] = useState<PlaceData>(start.placeData);
  const values = watch();
  const form: FormState = {
    location: values.propertyLocation,
    fields: values.propertyAddress,
    role: values.transactionRole,
    placeData,
  };
  const placeDataRef = useRef(placeData);
  placeDataRef.current = placeData;
  /** The state now, also inside a callback that outlived a render. */
  const current = (): FormState => {
    const now = getValues();
    return {
      location: now.propertyLocation,
      fields: now.propertyAddress,
      role: now.transactionRole,
      placeData: placeDataRef.current,
    };
  };
  const setForm = (next: FormState) => {
    setValue('propertyLocation', next.location);
    setValue('transactionRole', next.role);
    setValue('propertyAddress', next.fields);
    placeDataRef.current = next.placeData;
    setPlaceData(next.placeData);
  };
  const [saved, setSaved] = useState(false);
  const readOnly = edit?.readOnly ?? false;
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [busy, setBusy] = useState<false | 'checking' | 'saving'>(false);
  const [mapTiles, setMapTiles] = useState<MapTiles | undefined>(tiles);
  const [placesOnly, setPlacesOnly] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  // Offline autocomplete knows places, not streets: the street field says so (issue 14, item 9).
  useEffect(() => {
    void loadMapConfig(api).then((config) => {
      if (mounted.current) setPlacesOnly(!config.suggestsStreets);
    });
  }, [api]);

  const { location, fields, role } = form;
  const parcel = location === 'parcel';

  const focusField = (name: string) => {
    const element = formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`);
    element?.focus();
  };

  /** Puts the person in the first field, in page order, that has a message. */
  function focusFirstError(has: (name: Path<FormValues>) => boolean) {
    const first = FIELD_ORDER.find(has);
    // The input's own name: 'propertyAddress.city' is the input named 'city'.
    if (first) setTimeout(() => focusField(first.replace(/^propertyAddress\./, '')), 0);
  }

  /** The address steps' own field errors (the same rules as the contract). */
  function showErrors(next: Partial<Record<AddressField | 'transactionRole', string>>) {
    for (const [name, message] of Object.entries(next)) {
      if (!message) continue;
      const path = name === 'transactionRole' ? name : addressPath(name as AddressField);
      setError(path, { type: 'validate', message });
    }
    focusFirstError(
      (path) => next[path.replace(/^propertyAddress\./, '') as keyof typeof next] !== undefined,
    );
  }

  /** Any edit to the address: the confirmation no longer holds and the county is cleared. */
  function editField(field: AddressField, value: string) {
    setSaved(false);
    const unconfirmed = resetOnEdit(current());
    setForm({ ...unconfirmed, fields: { ...unconfirmed.fields, [field]: value } });
    clearErrors(addressPath(field));
  }

  function setLocation(next: PropertyLocation) {
    setForm({ ...resetOnEdit(current()), location: next });
    clearErrors(['propertyAddress', 'transactionRole']);
  }

  async function post(next: FormState) {
    setForm(next);
    setDialog(null);
    setBusy('saving');
    clearErrors(FORM_ERROR);
    setSaved(false);
    try {
      if (edit) {
        await edit.save({
          propertyLocation: next.location,
          propertyAddress: { ...next.fields, placeData: next.placeData },
        });
        if (!mounted.current) return;
        clearErrors();
        setSaved(true);
        return;
      }
      const property = await postProperty(api, {
        propertyLocation: next.location,
        transactionRole: next.role as 'seller',
        propertyAddress: { ...next.fields, placeData: next.placeData },
      });
      try {
        sessionStorage.setItem(ORIGINATED_PROPERTY_CREATION, 'true');
      } catch {
        // Storage can be unavailable (private modes); the dashboard then just does not auto-select.
      }
      if (!mounted.current) return;
      const empty = initialState();
      reset(toValues(empty));
      placeDataRef.current = empty.placeData;
      setPlaceData(empty.placeData);
      onCreated?.(property);
    } catch (error) {
      if (!mounted.current) return;
      // A 401: the client is on its way to the login page.
      if (error instanceof ApiError && error.status === 401) return;
      const found = setApiErrors(error, setError, FIELD_ORDER, {
        focus: false,
        aboveForm: ABOVE_FORM,
      });
      focusFirstError((name) => found.fields[name] !== undefined);
    } finally {
      if (mounted.current) setBusy(false);
    }
  }

  function render(step: ValidationStep, current: FormState) {
    switch (step.step) {
      case 'errors':
        return showErrors(step.errors);
      case 'accept':
        // An exact match posts the geocoded result like the dialogs do: its county, position
        // and standard casing (the server decides them again; these are hints).
        return post(
          step.result
            ? {
                ...current,
                fields: applyLikelyAddress(current.fields, step.result),
                placeData: toPlaceData(step.result),
              }
            : current,
        );
      case 'geocode':
        return; // handled by submit
      case 'map':
        return setDialog({ kind: 'map', result: step.result });
      case 'confirm':
        return setDialog({ kind: 'confirm', result: step.result });
      case 'choose':
        return setDialog({
          kind: 'choose',
          result: step.result,
          entered: step.entered,
          likely: step.likely,
          differing: step.differing,
        });
    }
  }

  /** Checked by the contract (the same required-field words), then the address steps. */
  const checked = handleSubmit(
    () => lookUp(current()),
    (found) => focusFirstError((name) => fieldError(found, name) !== undefined),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || readOnly) return;
    return checked(event);
  }

  async function lookUp(current: FormState) {
    const input = {
      location: current.location,
      fields: current.fields,
      role: current.role,
      placeConfirmed: current.placeData.confirmedJson,
    };
    let step = nextValidationStep(input);
    if (step.step === 'geocode') {
      setBusy('checking');
      try {
        const geocoded = await geocodeFields(api, current.location, current.fields);
        step = nextValidationStep({ ...input, geocoded });
      } catch {
        if (mounted.current) setBusy(false);
        return;
      }
      if (!mounted.current) return;
      setBusy(false);
    }
    if (step.step === 'map' && !mapTiles) setMapTiles(await loadMapConfig(api).then(toTiles));
    render(step, current);
  }

  /** After 'Address is Correct' or either 'Use … Address': accept, or place the pin for a parcel. */
  function accepted(next: FormState, result: GeocodedAddress) {
    const after = afterDialogChoice(next.location);
    if (after.step === 'accept') return post(next);
    setForm(next);
    setDialog({ kind: 'map', result });
  }

  function onSelectPin(pin: LatLng) {
    if (dialog?.kind !== 'map') return;
    const { result } = dialog;
    const base = result ? toPlaceData(result, { confirmed: false }) : form.placeData;
    const county = form.fields.county || countyOf(result);
    void post({ ...form, fields: { ...form.fields, county }, placeData: applyMapPin(base, pin) });
  }

  const editAddress = () => {
    setDialog(null);
  };

  const suggest = useCallback(
    (input: string, signal: AbortSignal) => suggestPlaces(api, input, signal),
    [api],
  );

  /** A chosen place fills the fields; it counts as confirmed when it is a whole address. */
  async function choosePlace(suggestion: PlaceSuggestion) {
    setBusy('checking');
    const result = await geocodeText(api, location, suggestion.description).catch(
      () => 'failed' as const,
    );
    if (!mounted.current) return;
    setBusy(false);
    if (result === 'failed') return;
    const now = current();
    setForm({
      ...now,
      fields: {
        ...now.fields,
        streetAddress: result.street ? geocodedStreetLine(result) : '',
        unit: result.unit ?? now.fields.unit,
        city: result.city ?? now.fields.city,
        county: result.county ?? '',
        state: result.state ?? now.fields.state,
        zipCode: result.zipCode ?? now.fields.zipCode,
      },
      placeData: toPlaceData(result, { confirmed: isComplete(now.location, result) }),
    });
    clearErrors(['propertyAddress', 'transactionRole']);
    if (!result.street) setTimeout(() => focusField('streetAddress'), 0);
  }

  const label = (field: AddressField) => fieldLabel(location, field);
  const message = formError(errors);

  return (
    <form
      ref={formRef}
      className={cx('ln-add-property', className)}
      noValidate
      aria-busy={busy ? true : undefined}
      onSubmit={submit}
    >
      {intro ? <p className="ln-add-property__intro">{intro}</p> : null}
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
      {edit ? null : (
        <Select
          label="I am the"
          name="transactionRole"
          placeholder="Select your role"
          options={SELECTABLE_ROLES}
          value={role}
          onChange={(e) => {
            const value = e.target.value;
            setValue('transactionRole', value);
            clearErrors('transactionRole');
          }}
          error={fieldError(errors, 'transactionRole')}
        />
      )}
      {message ? (
        <Alert tone="danger" className="ln-add-property__alert">
          {message}
        </Alert>
      ) : null}
      {/* Not disabled while the address is checked: the button keeps focus, so a dialog
          opened from it returns focus to it. A second submit meanwhile is ignored. */}
      {saved ? (
        <Alert tone="success" className="ln-add-property__alert">
          Saved. Everyone on this property now sees the new address.
        </Alert>
      ) : null}
      {readOnly ? null : (
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
      )}

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
    </form>
  );
}

function toTiles(config: {
  tileUrl: string | null;
  attribution: string;
  maxZoom: number;
}): MapTiles {
  return { url: config.tileUrl, attribution: config.attribution, maxZoom: config.maxZoom };
}
