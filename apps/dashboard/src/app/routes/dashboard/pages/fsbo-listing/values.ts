import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** "$350,000" and "350000" are the same number; an empty box is no value. */
export const asNumber = (v: unknown) => {
  if (v === '' || v === null || v === undefined) return undefined;
  return Number(String(v).replace(/[$,\s]/g, ''));
};

export const blankAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

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
