import type { TAdminSiteMedia } from '@lantern/contracts';
import { SITE_MEDIA_TEXTS } from '@lantern/domain';
import { Alert, Button, Dialog } from '@lantern/ui';
import { useState } from 'react';
import { useDeleteSiteMedia, useSiteMedia } from '../../../features/site-media/api/site-media.ts';
import { SiteMediaEditForm } from '../../../features/site-media/components/site-media-edit-form.tsx';
import { SiteMediaList } from '../../../features/site-media/components/site-media-list.tsx';
import { SiteMediaUploadForm } from '../../../features/site-media/components/site-media-upload-form.tsx';

/**
 * Admin → Site media (issue 45; docs/decisions/081-site-media.md): the sample photography on
 * /photography. Staff with "Manage site media" upload a photo with its alt text, then order,
 * publish, edit and delete; every staff member sees the list. /photography shows the published
 * ones, in this order, at its next visit.
 */
export function SiteMediaPage() {
  const media = useSiteMedia();
  const remove = useDeleteSiteMedia();
  const [editing, setEditing] = useState<TAdminSiteMedia | null>(null);
  const [deleting, setDeleting] = useState<TAdminSiteMedia | null>(null);
  const [status, setStatus] = useState('');
  const canEdit = media.data?.canEdit ?? false;

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.hash);
    setDeleting(null);
    setStatus('Photo deleted.');
  };

  return (
    <section className="ds-page" aria-labelledby="site-media-title">
      <h1 id="site-media-title">{SITE_MEDIA_TEXTS.title}</h1>
      <p>
        Sample work shown on <a href="/photography">/photography</a> under “
        {SITE_MEDIA_TEXTS.galleryHeading}”. A new photo is not published until you publish it; the
        page shows published photos in this order. Use only photos we have the right to show, with
        no people or readable car plates in them.
      </p>
      {canEdit || !media.data ? null : (
        <p className="ds-muted">Changing these photos needs the “Manage site media” permission.</p>
      )}
      <p role="status">{status}</p>
      {canEdit ? (
        <SiteMediaUploadForm
          onUploaded={() => setStatus('Photo uploaded. Publish it to show it on /photography.')}
        />
      ) : null}
      <h2>Photos</h2>
      {media.error ? <Alert tone="danger">{media.error.message}</Alert> : null}
      {media.data ? (
        <SiteMediaList
          photos={media.data.photos}
          canEdit={canEdit}
          onEdit={(p) => {
            setStatus('');
            setEditing(p);
          }}
          onDelete={(p) => {
            remove.reset();
            setDeleting(p);
          }}
          onDone={setStatus}
        />
      ) : null}
      <Dialog
        title="Edit photo"
        description="The alt text is read out to people who cannot see the photo."
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      >
        {editing ? (
          <SiteMediaEditForm
            photo={editing}
            onSaved={() => {
              setEditing(null);
              setStatus('Photo saved.');
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <Dialog
        title="Delete this photo?"
        description={
          deleting
            ? `“${deleting.alt}” is removed from the site and its files are deleted. This cannot be undone.`
            : ''
        }
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
      >
        {remove.error ? <Alert tone="danger">{remove.error.message}</Alert> : null}
        <div className="adm-actions">
          <Button variant="danger" onClick={confirmDelete} disabled={remove.isPending}>
            Delete photo
          </Button>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Keep it
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
