export * from './add-property/index.ts';
export { Alert, type AlertProps, type AlertTone } from './alert.tsx';
export { Badge, type BadgeProps, type BadgeTone } from './badge.tsx';
export {
  Button,
  type ButtonAsButtonProps,
  type ButtonAsLinkProps,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonClassName,
} from './button.tsx';
export { Card } from './card.tsx';
export { Checkbox, type CheckboxProps } from './checkbox.tsx';
export { cx } from './class-names.ts';
export { Dialog, DialogClose, type DialogProps } from './dialog.tsx';
export { FieldMessages, useFieldIds } from './field.tsx';
export * from './forms/index.ts';
export type { MapTiles, PinMapProps } from './map/pin-map.tsx';
export {
  type CountryCode,
  checkPhone,
  DEFAULT_PHONE_COUNTRY,
  PHONE_ERROR,
  PHONE_MAX_LENGTH,
  PREFERRED_PHONE_COUNTRIES,
} from './phone.ts';
export { PhoneInput, type PhoneInputProps, type PhoneValue } from './phone-input.tsx';
export { RoleBadge, type RoleBadgeProps } from './role-badge.tsx';
export { Select, type SelectOption, type SelectProps } from './select.tsx';
export { Skeleton } from './skeleton.tsx';
export * from './social-sign-in/index.ts';
export { Spinner, type SpinnerProps } from './spinner.tsx';
export { TextAreaField } from './text-area-field.tsx';
export { TextField, type TextFieldProps } from './text-field.tsx';
export { COLOR_PAIRS, type Tokens, tokenName, tokens, tokenVar } from './tokens.ts';
export * from './user-area/index.ts';
export { VisuallyHidden } from './visually-hidden.tsx';
export { whenIdle } from './when-idle.ts';
