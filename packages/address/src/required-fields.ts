import { type AddressField, type AddressFields, isBlank, type PropertyLocation } from './types.ts';

/** Shown when no 'I am the' role was chosen (spec section 5). */
export const ROLE_REQUIRED_MESSAGE = 'Please select your role.';

/** Fields that must be filled in; apn only for a parcel. */
export type RequiredField = 'apn' | 'streetAddress' | 'city' | 'state' | 'zipCode';

/** Field-keyed messages; `transactionRole` is the role select, named as in the add-property payload. */
export type SubmissionErrors = Partial<Record<RequiredField | 'transactionRole', string>>;

const LABELS: Record<AddressField, string> = {
  apn: 'Parcel',
  streetAddress: 'Street Address',
  unit: 'Unit',
  city: 'City',
  county: 'County',
  state: 'State',
  zipCode: 'Zip Code',
};

/** The label a field carries on the form; a parcel has a nearest street rather than an address. */
export function fieldLabel(location: PropertyLocation, field: AddressField): string {
  if (location === 'parcel' && field === 'streetAddress') return 'Nearest Street Name';
  return LABELS[field];
}

/** The required fields for a location type, in form order. */
export function requiredFields(location: PropertyLocation): RequiredField[] {
  const common: RequiredField[] = ['streetAddress', 'city', 'state', 'zipCode'];
  return location === 'parcel' ? ['apn', ...common] : common;
}

/**
 * '{label} is required' for every required field that is missing or whitespace only.
 * Accepts partial input because a server payload may omit keys entirely.
 */
export function requiredFieldErrors(
  location: PropertyLocation,
  fields: Partial<AddressFields>,
): Partial<Record<RequiredField, string>> {
  const errors: Partial<Record<RequiredField, string>> = {};
  for (const field of requiredFields(location)) {
    if (isBlank(fields[field])) errors[field] = `${fieldLabel(location, field)} is required`;
  }
  return errors;
}

/** Step (1) of submission: required fields plus the role. Empty when the form may proceed. */
export function submissionErrors(
  location: PropertyLocation,
  fields: Partial<AddressFields>,
  role: string | null | undefined,
): SubmissionErrors {
  const errors: SubmissionErrors = requiredFieldErrors(location, fields);
  if (isBlank(role)) errors.transactionRole = ROLE_REQUIRED_MESSAGE;
  return errors;
}
