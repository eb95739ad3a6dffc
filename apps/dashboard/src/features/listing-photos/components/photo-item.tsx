import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type TListingPhoto, ZPhotoCaptionRequestSchema } from '@lantern/contracts';
import { MLS_LISTING_PAGE_TEXTS, PHOTO_LIMITS } from '@lantern/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  fieldError,
  formError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';

const ZCaptionSchema = ZPhotoCaptionRequestSchema.pick({ caption: true });

export interface PhotoItemProps {
  photo: TListingPhoto;
  index: number;
  count: number;
  canEdit: boolean;
  onCaption(hash: string, caption: string): Promise<unknown>;
  onDelete(hash: string): Promise<unknown>;
}

/** One photo of the sortable list: its handle, picture, state, caption and delete. */
export function PhotoItem({ photo, index, count, canEdit, onCaption, onDelete }: PhotoItemProps) {
  const sortable = useSortable({ id: photo.hash, disabled: !canEdit });
  const style = {
    transform: CSS.Transform.toString(sortable.transform),
    transition: sortable.transition,
  };
  const primary = index === 0;
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className="ds-photo"
      data-dragging={sortable.isDragging || undefined}
      aria-label={`${photo.fileName}, photo ${index + 1} of ${count}${primary ? `, ${MLS_LISTING_PAGE_TEXTS.primaryPhoto}` : ''}`}
    >
      {canEdit ? (
        <button
          type="button"
          ref={sortable.setActivatorNodeRef}
          className="ds-photo__handle ln-btn ln-btn--secondary ln-btn--sm"
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={`Move ${photo.fileName} (photo ${index + 1} of ${count})`}
        >
          Move
        </button>
      ) : null}
      <div className="ds-photo__picture">
        {photo.status === 'ready' && photo.urls ? (
          <img src={photo.urls.thumb} alt={photo.caption || photo.fileName} width={160} />
        ) : (
          <span className="ds-photo__placeholder" />
        )}
      </div>
      <div className="ds-photo__body">
        <p className="ds-photo__name">
          {primary ? <strong>{MLS_LISTING_PAGE_TEXTS.primaryPhoto}: </strong> : null}
          {photo.fileName}
        </p>
        {photo.status === 'processing' ? <p role="status">Preparing this photo…</p> : null}
        {photo.status === 'refused' ? (
          <p className="ln-field__error">Not usable: {photo.error}</p>
        ) : null}
        {canEdit ? (
          <CaptionForm photo={photo} onCaption={onCaption} />
        ) : photo.caption ? (
          <p>{photo.caption}</p>
        ) : null}
        {canEdit ? <DeletePhoto photo={photo} onDelete={onDelete} /> : null}
      </div>
    </li>
  );
}

function CaptionForm({
  photo,
  onCaption,
}: {
  photo: TListingPhoto;
  onCaption: PhotoItemProps['onCaption'];
}) {
  const form = useSchemaForm(ZCaptionSchema, { defaultValues: { caption: photo.caption } });
  const [saved, setSaved] = useState(false);
  const submit = form.handleSubmit(async ({ caption }) => {
    setSaved(false);
    try {
      await onCaption(photo.hash, caption);
      form.reset({ caption });
      setSaved(true);
    } catch (error) {
      setApiErrors(error, form.setError, ['caption']);
    }
  });
  const problem = formError(form.formState.errors);
  return (
    <form className="ds-photo__caption" onSubmit={submit} noValidate>
      <TextField
        label={`Caption for ${photo.fileName}`}
        maxLength={PHOTO_LIMITS.maxCaption}
        error={fieldError(form.formState.errors, 'caption')}
        {...form.register('caption', { onChange: () => setSaved(false) })}
      />
      <Button type="submit" size="sm" variant="secondary" loading={form.formState.isSubmitting}>
        Save caption
      </Button>
      {saved ? <span role="status"> Caption saved.</span> : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
    </form>
  );
}

function DeletePhoto({
  photo,
  onDelete,
}: {
  photo: TListingPhoto;
  onDelete: PhotoItemProps['onDelete'];
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await onDelete(photo.hash);
      setOpen(false);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'We could not delete this photo.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="Delete this photo?"
      description={`${photo.fileName} will be removed from the listing.`}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Delete ${photo.fileName}`}>
          Delete
        </Button>
      }
      actions={
        <>
          <DialogClose>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button variant="danger" loading={busy} onClick={() => void confirm()}>
            Delete photo
          </Button>
        </>
      }
    >
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
    </Dialog>
  );
}
