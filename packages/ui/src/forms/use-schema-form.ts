import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form checked by a contracts schema (docs/decisions/021-front-end-forms.md): a person
 * sees the server's own words before a round trip, and the server stays the authority. Errors are
 * checked again on the next submit only, as every form here did before: typing never brings up
 * a new message under a field.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    ...options,
  });
}
