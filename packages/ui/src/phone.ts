/*
 * Phone rules on libphonenumber-js with its 'min' metadata: about 83 kB (20 kB gzipped) against
 * 157 kB (40 kB gzipped) for 'max'. 'min' still checks each country's lengths and leading-digit
 * patterns, which catches what people actually get wrong (a digit missing or extra, a wrong
 * country), and rejects impossible area codes such as 123 or 211 in the US. What only 'max' adds
 * is per-range validation and number types (mobile vs landline), which nothing here needs and
 * which does not justify doubling the weight of a public-page island. The API, free of bundle
 * limits, can re-check with 'max'.
 */
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';

export type { CountryCode };

export const PHONE_ERROR = 'Enter a valid phone number for the selected country.';
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';
export const PREFERRED_PHONE_COUNTRIES: ReadonlyArray<CountryCode> = ['US', 'CA'];
export const PHONE_MAX_LENGTH = 25;

export interface PhoneCheck {
  /** E.164 (`+12025550123`), only when the number is valid. */
  e164: string | undefined;
  valid: boolean;
  /** The country a number typed with `+` belongs to, when it can be told. */
  detectedCountry: CountryCode | undefined;
}

/** Valid means a real number whose calling code is the selected country's. */
export function checkPhone(text: string, country: CountryCode): PhoneCheck {
  const parsed = parsePhoneNumberFromString(text, country);
  if (!parsed) return { e164: undefined, valid: false, detectedCountry: undefined };
  const valid = parsed.isValid() && parsed.countryCallingCode === getCountryCallingCode(country);
  return { e164: valid ? parsed.number : undefined, valid, detectedCountry: parsed.country };
}

/** Keeps the characters people type in phone numbers, dropping letters and the rest. */
export function cleanPhoneText(text: string): string {
  return text.replace(/[^\d+()\-.\s]/g, '');
}

/** A valid number of the selected country in its national form (the dial code is shown beside it). */
export function displayPhone(text: string, country: CountryCode): string {
  const parsed = parsePhoneNumberFromString(text, country);
  if (parsed?.isValid() && parsed.countryCallingCode === getCountryCallingCode(country)) {
    return parsed.formatNational();
  }
  return formatPhone(text, country);
}

/** `(202) 555-0123` for US `2025550123`; `+44 20 7946 0958` for `+442079460958`. */
export function formatPhone(text: string, country: CountryCode): string {
  return new AsYouType(country).input(cleanPhoneText(text));
}

export function dialCode(country: CountryCode): string {
  return `+${getCountryCallingCode(country)}`;
}

export interface CountryOption {
  code: CountryCode;
  name: string;
}

let allCountries: CountryOption[] | undefined;

/** Every country libphonenumber knows, by English name; computed once. */
function countriesByName(): CountryOption[] {
  if (!allCountries) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    allCountries = getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return allCountries;
}

/** The preferred countries in the order given, then all the others by name. */
export function countryOptions(preferred: ReadonlyArray<CountryCode>) {
  const all = countriesByName();
  return {
    preferred: preferred.flatMap((code) => all.filter((option) => option.code === code)),
    others: all.filter((option) => !preferred.includes(option.code)),
  };
}
