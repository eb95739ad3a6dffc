import {
  type AddressField,
  afterDialogChoice,
  applyLikelyAddress,
  applyMapPin,
  type GeocodedAddress,
  geocodedStreetLine,
  isComplete,
  type LatLng,
  nextValidationStep,
  type PlaceSuggestion,
  type PropertyLocation,
  resetOnEdit,
  toPlaceData,
  type ValidationStep,
} from '@lantern/address';
import type { TPropertyMenuEntry } from '@lantern/contracts';
import { ApiError } from '@lantern/domain';
import type { RefObject } from 'react';
import type { Path } from 'react-hook-form';
import { FORM_ERROR, setApiErrors } from '../forms/api-errors.ts';
import type { MapTiles } from '../map/pin-map.tsx';
import {
  type AddPropertyClient,
  geocodeFields,
  geocodeText,
  loadMapConfig,
  postProperty,
} from './add-property-api.ts';
import {
  ABOVE_FORM,
  addressPath,
  type Busy,
  countyOf,
  FIELD_ORDER,
  type FormState,
  type FormValues,
  type OpenDialog,
  ORIGINATED_PROPERTY_CREATION,
  type PropertyEdit,
  toTiles,
} from './add-property-model.ts';
import type { AddPropertyState } from './use-add-property-state.ts';

/*
 * What the add-property form does, built afresh on each render from what that render holds (as
 * the closures inside the component were): errors, posting, the address steps, field edits.
 */

export interface StepsContext {
  api: AddPropertyClient;
  edit: PropertyEdit | undefined;
  onCreated: ((property: TPropertyMenuEntry) => void) | undefined;
  state: AddPropertyState;
  formRef: RefObject<HTMLFormElement | null>;
  mounted: RefObject<boolean>;
  dialog: OpenDialog | null;
  setDialog: (dialog: OpenDialog | null) => void;
  setBusy: (busy: Busy) => void;
  setSaved: (saved: boolean) => void;
  mapTiles: MapTiles | undefined;
  setMapTiles: (tiles: MapTiles) => void;
}

export function errorSteps({ state, formRef }: StepsContext) {
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
      state.setError(path, { type: 'validate', message });
    }
    focusFirstError(
      (path) => next[path.replace(/^propertyAddress\./, '') as keyof typeof next] !== undefined,
    );
  }

  return { focusField, focusFirstError, showErrors };
}

type FocusFirstError = ReturnType<typeof errorSteps>['focusFirstError'];

export function saveStep(ctx: StepsContext, focusFirstError: FocusFirstError) {
  const { api, edit, onCreated, state, mounted } = ctx;
  const { clearErrors, setError } = state;

  async function post(next: FormState) {
    state.setForm(next);
    ctx.setDialog(null);
    ctx.setBusy('saving');
    clearErrors(FORM_ERROR);
    ctx.setSaved(false);
    try {
      if (edit) {
        await edit.save({
          propertyLocation: next.location,
          propertyAddress: { ...next.fields, placeData: next.placeData },
        });
        if (!mounted.current) return;
        clearErrors();
        ctx.setSaved(true);
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
      state.clear();
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
      if (mounted.current) ctx.setBusy(false);
    }
  }

  return { post };
}

type Post = ReturnType<typeof saveStep>['post'];
type ShowErrors = ReturnType<typeof errorSteps>['showErrors'];

/** The address steps of packages/address (nextValidationStep) and what each one renders. */
export function lookUpSteps(ctx: StepsContext, post: Post, showErrors: ShowErrors) {
  const { api, mounted, setDialog } = ctx;

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

  async function lookUp(current: FormState) {
    const input = {
      location: current.location,
      fields: current.fields,
      role: current.role,
      placeConfirmed: current.placeData.confirmedJson,
    };
    let step = nextValidationStep(input);
    if (step.step === 'geocode') {
      ctx.setBusy('checking');
      try {
        const geocoded = await geocodeFields(api, current.location, current.fields);
        step = nextValidationStep({ ...input, geocoded });
      } catch {
        if (mounted.current) ctx.setBusy(false);
        return;
      }
      if (!mounted.current) return;
      ctx.setBusy(false);
    }
    if (step.step === 'map' && !ctx.mapTiles)
      ctx.setMapTiles(await loadMapConfig(api).then(toTiles));
    render(step, current);
  }

  return { lookUp };
}

/** The dialogs' answers: 'Address is Correct', either 'Use … Address', or the map pin. */
export function dialogSteps(ctx: StepsContext, post: Post) {
  const { form } = ctx.state;

  /** After 'Address is Correct' or either 'Use … Address': accept, or place the pin for a parcel. */
  function accepted(next: FormState, result: GeocodedAddress) {
    const after = afterDialogChoice(next.location);
    if (after.step === 'accept') return post(next);
    ctx.state.setForm(next);
    ctx.setDialog({ kind: 'map', result });
  }

  function onSelectPin(pin: LatLng) {
    if (ctx.dialog?.kind !== 'map') return;
    const { result } = ctx.dialog;
    const base = result ? toPlaceData(result, { confirmed: false }) : form.placeData;
    const county = form.fields.county || countyOf(result);
    void post({ ...form, fields: { ...form.fields, county }, placeData: applyMapPin(base, pin) });
  }

  return { accepted, onSelectPin };
}

type FocusField = ReturnType<typeof errorSteps>['focusField'];

/** Typing, the address-or-parcel choice, and a chosen place suggestion. */
export function fieldSteps(ctx: StepsContext, focusField: FocusField) {
  const { state, mounted } = ctx;
  const { current, setForm, clearErrors } = state;

  /** Any edit to the address: the confirmation no longer holds and the county is cleared. */
  function editField(field: AddressField, value: string) {
    ctx.setSaved(false);
    const unconfirmed = resetOnEdit(current());
    setForm({ ...unconfirmed, fields: { ...unconfirmed.fields, [field]: value } });
    clearErrors(addressPath(field));
  }

  function setLocation(next: PropertyLocation) {
    setForm({ ...resetOnEdit(current()), location: next });
    clearErrors(['propertyAddress', 'transactionRole']);
  }

  /** A chosen place fills the fields; it counts as confirmed when it is a whole address. */
  async function choosePlace(suggestion: PlaceSuggestion) {
    ctx.setBusy('checking');
    const result = await geocodeText(ctx.api, state.form.location, suggestion.description).catch(
      () => 'failed' as const,
    );
    if (!mounted.current) return;
    ctx.setBusy(false);
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

  return { editField, setLocation, choosePlace };
}
