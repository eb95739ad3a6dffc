import { SITE_MEDIA_TEXTS } from '@lantern/domain';
import { fieldError, TextField } from '@lantern/ui';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';

/** The alt text and caption fields, the same on upload and on edit. */
export function PhotoWordsFields({
  alt,
  caption,
  errors,
}: {
  alt: UseFormRegisterReturn<'alt'>;
  caption: UseFormRegisterReturn<'caption'>;
  errors: FieldErrors<{ alt: string; caption: string }>;
}) {
  return (
    <>
      <TextField
        {...alt}
        label="Alt text"
        hint={SITE_MEDIA_TEXTS.alt}
        maxLength={200}
        error={fieldError(errors, 'alt')}
      />
      <TextField
        {...caption}
        label="Caption (optional)"
        hint="Shown under the photo, e.g. the photographer and the city."
        maxLength={200}
        error={fieldError(errors, 'caption')}
      />
    </>
  );
}
