import { ApiError } from '@lantern/domain';

/**
 * A failed request with its field errors under the form's names where they differ from the
 * request's (dollars typed for `amountCents`, percent for `rateBasisPoints`), so that
 * `setApiErrors` puts them under the input that took them.
 */
export function withFormFieldNames(error: unknown, names: Readonly<Record<string, string>>) {
  if (!(error instanceof ApiError) || !error.body.errors) return error;
  const errors = Object.fromEntries(
    Object.entries(error.body.errors).map(([path, messages]) => [names[path] ?? path, messages]),
  );
  return new ApiError(error.status, { ...error.body, errors });
}
