export {
  type ApiFormErrorOptions,
  type ApiFormErrors,
  apiFormErrors,
  FORM_ERROR,
  fieldError,
  formError,
  setApiErrors,
} from './api-errors.ts';
export { CodeForm, type CodeFormProps } from './code-form.tsx';
export { FormError } from './form-error.tsx';
export { useSchemaForm } from './use-schema-form.ts';
