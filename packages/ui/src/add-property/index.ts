export {
  type AddPropertyClient,
  geocodeFields,
  geocodeText,
  loadMapConfig,
  postProperty,
  suggestPlaces,
} from './add-property-api.ts';
export {
  AddPropertyForm,
  type AddPropertyFormProps,
  ORIGINATED_PROPERTY_CREATION,
} from './add-property-form.tsx';
export { AddressAutocomplete, type AddressAutocompleteProps } from './address-autocomplete.tsx';
export {
  ChooseAddressDialog,
  ConfirmAddressDialog,
  LocationDialog,
} from './address-dialogs.tsx';
