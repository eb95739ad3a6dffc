import './site-media.css';
import { ZSiteMediaAltSchema, ZSiteMediaCaptionSchema } from '@lantern/contracts';
import { SITE_MEDIA_TEXTS } from '@lantern/domain';
import { Button, FormError, fieldError, setApiErrors, TextField, useSchemaForm } from '@lantern/ui';
import { z } from 'zod';
import { useUploadSiteMedia } from '../api/site-media.ts';
import { PhotoWordsFields } from './photo-words-fields.tsx';

/** The file input's value: one photo, checked by type and size on the server again. */
const ZUploadFormSchema = z.object({
  file: z.custom<FileList>(
    (v) => typeof FileList !== 'undefined' && v instanceof FileList && v.length === 1,
    SITE_MEDIA_TEXTS.noFile,
  ),
  alt: ZSiteMediaAltSchema,
  caption: ZSiteMediaCaptionSchema,
});

/**
 * Upload one sample photo with its alt text (required) and caption; it is added unpublished at
 * the end, so nothing reaches /photography until staff publish it.
 */
export function SiteMediaUploadForm({ onUploaded }: { onUploaded: (alt: string) => void }) {
  const upload = useUploadSiteMedia();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZUploadFormSchema, { defaultValues: { alt: '', caption: '' } });

  const submit = handleSubmit(async ({ file, alt, caption }) => {
    try {
      await upload.mutateAsync({ file: file[0] as File, alt, caption: caption ?? '' });
      reset();
      onUploaded(alt);
    } catch (error) {
      setApiErrors(error, setError, ['file', 'alt', 'caption']);
    }
  });

  return (
    <form
      className="sm-upload"
      onSubmit={submit}
      noValidate
      aria-labelledby="site-media-upload-title"
    >
      <h2 id="site-media-upload-title">Add a photo</h2>
      <FormError errors={errors} />
      <TextField
        {...register('file')}
        type="file"
        accept="image/jpeg,image/png,image/heic,.heic"
        label="Photo"
        hint="A JPEG, PNG or HEIC photo of at least 1024 × 768 pixels and at most 15 MB."
        error={fieldError(errors, 'file')}
      />
      <PhotoWordsFields alt={register('alt')} caption={register('caption')} errors={errors} />
      <div className="adm-actions">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Uploading…' : 'Upload photo'}
        </Button>
      </div>
    </form>
  );
}
