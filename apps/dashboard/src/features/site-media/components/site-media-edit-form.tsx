import {
  type TAdminSiteMedia,
  ZSiteMediaAltSchema,
  ZSiteMediaCaptionSchema,
} from '@lantern/contracts';
import { Button, FormError, setApiErrors, useSchemaForm } from '@lantern/ui';
import { z } from 'zod';
import { useUpdateSiteMedia } from '../api/site-media.ts';
import { PhotoWordsFields } from './photo-words-fields.tsx';

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
      <PhotoWordsFields alt={register('alt')} caption={register('caption')} errors={errors} />
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
