import type { TPropertyMenuEntry } from '@lantern/contracts';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '../alert.tsx';
import { cx } from '../class-names.ts';
import { fieldError, formError } from '../forms/api-errors.ts';
import type { MapTiles } from '../map/pin-map.tsx';
import { type AddPropertyClient, loadMapConfig, suggestPlaces } from './add-property-api.ts';
import type { Busy, OpenDialog, PropertyEdit } from './add-property-model.ts';
import {
  AddressDialogs,
  LocationChoice,
  RegionInputs,
  RoleSelect,
  StreetInputs,
  SubmitButton,
} from './add-property-parts.tsx';
import {
  dialogSteps,
  errorSteps,
  fieldSteps,
  lookUpSteps,
  type StepsContext,
  saveStep,
} from './add-property-steps.ts';
import { useAddPropertyState } from './use-add-property-state.ts';

export { ORIGINATED_PROPERTY_CREATION } from './add-property-model.ts';

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
  edit?: PropertyEdit;
}

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
  const state = useAddPropertyState(edit);
  const { form, current, handleSubmit, setValue, clearErrors } = state;
  const { errors } = state.formState;
  const [saved, setSaved] = useState(false);
  const readOnly = edit?.readOnly ?? false;
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [busy, setBusy] = useState<Busy>(false);
  const [mapTiles, setMapTiles] = useState<MapTiles | undefined>(tiles);
  const formRef = useRef<HTMLFormElement>(null);
  const { mounted, placesOnly } = usePlacesOnly(api);

  const ctx: StepsContext = {
    api,
    edit,
    onCreated,
    state,
    formRef,
    mounted,
    dialog,
    setDialog,
    setBusy,
    setSaved,
    mapTiles,
    setMapTiles,
  };
  const { focusField, focusFirstError, showErrors } = errorSteps(ctx);
  const { post } = saveStep(ctx, focusFirstError);
  const { lookUp } = lookUpSteps(ctx, post, showErrors);
  const { accepted, onSelectPin } = dialogSteps(ctx, post);
  const { editField, setLocation, choosePlace } = fieldSteps(ctx, focusField);

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

  const suggest = useCallback(
    (input: string, signal: AbortSignal) => suggestPlaces(api, input, signal),
    [api],
  );

  const inputs = { location: form.location, fields: form.fields, readOnly, errors, editField };
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
      <LocationChoice location={form.location} readOnly={readOnly} setLocation={setLocation} />
      <StreetInputs {...inputs} {...{ choosePlace, suggest, placesOnly }} />
      <RegionInputs {...inputs} />
      {edit ? null : (
        <RoleSelect
          role={form.role}
          errors={errors}
          setRole={(value) => {
            setValue('transactionRole', value);
            clearErrors('transactionRole');
          }}
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
      {readOnly ? null : <SubmitButton busy={busy} edit={edit} />}
      <AddressDialogs
        {...{ dialog, form, mapTiles, accepted, onSelectPin }}
        editAddress={() => setDialog(null)}
      />
    </form>
  );
}

/**
 * Offline autocomplete knows places, not streets: the street field says so (issue 14, item 9).
 * `mounted` lets an answer that arrives after the form closed be dropped.
 */
function usePlacesOnly(api: AddPropertyClient) {
  const [placesOnly, setPlacesOnly] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  useEffect(() => {
    void loadMapConfig(api).then((config) => {
      if (mounted.current) setPlacesOnly(!config.suggestsStreets);
    });
  }, [api]);
  return { mounted, placesOnly };
}
