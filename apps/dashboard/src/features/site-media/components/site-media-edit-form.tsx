import {
  type TAdminSiteMedia,
  ZSiteMediaAltSchema,
  ZSiteMediaCaptionSchema,
} from '@lantern/contracts';
import { SITE_MEDIA_TEXTS } from '@lantern/domain';
import { Button, FormError, fieldError, setApiErrors, TextField, useSchemaForm } from '@lantern/ui';
import { z } from 'zod';
import { useUpdateSiteMedia } from '../api/site-media.ts';

const ZEditFormSchema = z.object({ alt: ZSiteMediaAltSchema, caption: ZSiteMediaCaptionSchema });

/** A photo's alt text and caption, in a dialog. */
export function SiteMediaEditForm({
  photo,
  onSaved,
  onCancel,
}: {
  photo: TAdminSiteMedia;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const update = useUpdateSiteMedia();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZEditFormSchema, {
    defaultValues: { alt: photo.alt, caption: photo.caption ?? '' },
  });
  const submit = handleSubmit(async ({ alt, caption }) => {
    try {
      await update.mutateAsync({ hash: photo.hash, change: { alt, caption } });
      onSaved();
    } catch (error) {
      setApiErrors(error, setError, ['alt', 'caption']);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormError errors={errors} />
      <TextField
        {...register('alt')}
        label="Alt text"
        hint={SITE_MEDIA_TEXTS.alt}
        maxLength={200}
        error={fieldError(errors, 'alt')}
      />
      <TextField
        {...register('caption')}
        label="Caption (optional)"
        hint="Shown under the photo, e.g. the photographer and the city."
        maxLength={200}
        error={fieldError(errors, 'caption')}
      />
      <div className="adm-actions">
        <Button type="submit" disabled={isSubmitting}>
          Save
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
