import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

export { blankAsUndefined, typedNumber as asNumber } from '../../../../../lib/form-values.ts';

/** Put a step's missing fields under their inputs; true when there were any. */
export function showIssues<T extends FieldValues>(
  setError: UseFormSetError<T>,
  prefix: string,
  issues: Record<string, string>,
): boolean {
  Object.entries(issues).forEach(([field, message], i) => {
    setError(
      `${prefix}.${field}` as Path<T>,
      { type: 'complete', message },
      { shouldFocus: i === 0 },
    );
  });
  return Object.keys(issues).length > 0;
}
