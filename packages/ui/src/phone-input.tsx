import {
  type ChangeEvent,
  type ComponentPropsWithRef,
  type FocusEvent,
  type ReactNode,
  useId,
  useState,
} from 'react';
import { cx } from './class-names.ts';
import { FieldMessages, useFieldIds } from './field.tsx';
import {
  type CountryCode,
  type CountryOption,
  checkPhone,
  cleanPhoneText,
  countryOptions,
  DEFAULT_PHONE_COUNTRY,
  dialCode,
  displayPhone,
  formatPhone,
  PHONE_ERROR,
  PHONE_MAX_LENGTH,
  PREFERRED_PHONE_COUNTRIES,
} from './phone.ts';

export interface PhoneValue {
  /** What the person typed, formatted. */
  text: string;
  country: CountryCode;
  /** E.164, only when valid. */
  e164: string | undefined;
  valid: boolean;
  /** PHONE_ERROR for a non-empty invalid number; an empty field is left to the form's own rules. */
  error: string | undefined;
}

type InputProps = Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'maxLength' | 'name'
>;

export interface PhoneInputProps extends InputProps {
  label: ReactNode;
  hint?: ReactNode;
  /** An error from outside (e.g. the server); it replaces the built-in message. */
  error?: ReactNode;
  /** Name of a hidden input carrying the E.164 value (or the raw text when invalid). */
  name?: string;
  /** E.164 or national digits. */
  defaultValue?: string;
  defaultCountry?: CountryCode;
  /** Listed first in the country menu. */
  preferredCountries?: ReadonlyArray<CountryCode>;
  maxLength?: number;
  countryLabel?: string;
  onChange?: (value: PhoneValue) => void;
}

function phoneValue(text: string, country: CountryCode): PhoneValue {
  const { e164, valid } = checkPhone(text, country);
  const error = text.trim() && !valid ? PHONE_ERROR : undefined;
  return { text, country, e164, valid, error };
}

function initialState(defaultValue: string, defaultCountry: CountryCode) {
  const detected = defaultValue.startsWith('+')
    ? checkPhone(defaultValue, defaultCountry).detectedCountry
    : undefined;
  const country = detected ?? defaultCountry;
  return { country, text: defaultValue ? displayPhone(defaultValue, country) : '' };
}

function CountryOptions({ options }: { options: ReadonlyArray<CountryOption> }) {
  return options.map(({ code, name }) => (
    <option key={code} value={code}>
      {name}
    </option>
  ));
}

export function PhoneInput({
  label,
  hint,
  error,
  name,
  defaultValue = '',
  defaultCountry = DEFAULT_PHONE_COUNTRY,
  preferredCountries = PREFERRED_PHONE_COUNTRIES,
  maxLength = PHONE_MAX_LENGTH,
  countryLabel = 'Country',
  onChange,
  onBlur,
  id,
  className,
  disabled,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: PhoneInputProps) {
  const [state, setState] = useState(() => initialState(defaultValue, defaultCountry));
  const [touched, setTouched] = useState(false);
  const value = phoneValue(state.text, state.country);
  const shownError = error ?? (touched ? value.error : undefined);

  const dialId = useId();
  const extraDescribedBy = cx(dialId, ariaDescribedBy);
  const ids = useFieldIds(id, { hint, error: shownError }, extraDescribedBy);
  const options = countryOptions(preferredCountries);

  const commit = (text: string, country: CountryCode) => {
    setState({ text, country });
    onChange?.(phoneValue(text, country));
  };

  const handleText = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const raw = cleanPhoneText(input.value).slice(0, maxLength);
    // Reformatting only while typing at the end keeps the caret where a mid-text edit left it.
    const typingAtEnd =
      raw.length > state.text.length && input.selectionStart === input.value.length;
    const formatted = typingAtEnd ? formatPhone(raw, state.country) : raw;
    const text = formatted.length <= maxLength ? formatted : raw;
    const { detectedCountry } = checkPhone(text, state.country);
    const switchCountry =
      text.trimStart().startsWith('+') &&
      detectedCountry !== undefined &&
      dialCode(detectedCountry) !== dialCode(state.country);
    commit(text, switchCountry ? detectedCountry : state.country);
  };

  const handleCountry = (event: ChangeEvent<HTMLSelectElement>) => {
    const country = event.currentTarget.value as CountryCode;
    const text = state.text.trimStart().startsWith('+')
      ? state.text
      : formatPhone(state.text, country);
    commit(text.slice(0, maxLength), country);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setTouched(true);
    const text = displayPhone(state.text, state.country);
    if (text !== state.text && text.length <= maxLength) commit(text, state.country);
    onBlur?.(event);
  };

  return (
    <div className="ln-field">
      <label htmlFor={ids.controlId} className="ln-label">
        {label}
      </label>
      <div className="ln-phone">
        <select
          aria-label={countryLabel}
          className="ln-select ln-phone__country"
          value={state.country}
          onChange={handleCountry}
          disabled={disabled}
        >
          {options.preferred.length > 0 ? (
            <>
              <optgroup label="Suggested">
                <CountryOptions options={options.preferred} />
              </optgroup>
              <optgroup label="All countries">
                <CountryOptions options={options.others} />
              </optgroup>
            </>
          ) : (
            <CountryOptions options={options.others} />
          )}
        </select>
        <span id={dialId} className="ln-phone__dial">
          {dialCode(state.country)}
        </span>
        <input
          autoComplete="tel"
          {...inputProps}
          id={ids.controlId}
          type="tel"
          inputMode="tel"
          className={cx('ln-input', className)}
          value={state.text}
          maxLength={maxLength}
          disabled={disabled}
          onChange={handleText}
          onBlur={handleBlur}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={ids.describedBy}
        />
      </div>
      {name ? <input type="hidden" name={name} value={value.e164 ?? state.text.trim()} /> : null}
      <FieldMessages hint={hint} error={shownError} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
