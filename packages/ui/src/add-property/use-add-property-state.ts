import type { PlaceData } from '@lantern/address';
import { useRef, useState } from 'react';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import {
  ADD_SCHEMA,
  EDIT_SCHEMA,
  type FormState,
  initialState,
  type PropertyEdit,
  toValues,
} from './add-property-model.ts';

/**
 * The add-property form's entry: the react-hook-form values plus where the address was found
 * (geocoder, place or pin), which is not typed, so not a form value.
 */
export function useAddPropertyState(edit: PropertyEdit | undefined) {
  // Editing keeps the role out of the form; a non-empty value lets the shared rules pass it.
  const [start] = useState<FormState>(() =>
    edit ? { ...edit.initial, role: 'kept' } : initialState(),
  );
  const methods = useSchemaForm(edit ? EDIT_SCHEMA : ADD_SCHEMA, {
    defaultValues: toValues(start),
    // Focus follows the page order of the fields below (focusFirstError), as it always has.
    shouldFocusError: false,
  });
  const { watch, getValues, setValue, reset } = methods;
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
  /** An empty form again, after a property was created. */
  const clear = () => {
    const empty = initialState();
    reset(toValues(empty));
    placeDataRef.current = empty.placeData;
    setPlaceData(empty.placeData);
  };
  return { ...methods, form, current, setForm, clear };
}

export type AddPropertyState = ReturnType<typeof useAddPropertyState>;
