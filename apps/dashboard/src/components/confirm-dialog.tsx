import { Alert, Button, Dialog, DialogClose } from '@lantern/ui';
import type { ReactNode } from 'react';

/**
 * "Are you sure?" for a change that cannot be taken back (remove a role, delete a referral): a
 * way out first, the danger button second, and the server's refusal said inside the dialog.
 * Closing it forgets the refusal (`onClose`).
 */
export function ConfirmDialog({
  title,
  description,
  open,
  onClose,
  confirmLabel,
  onConfirm,
  pending,
  error,
}: {
  title: string;
  description?: ReactNode;
  open: boolean;
  onClose: () => void;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  error: Error | null;
}) {
  return (
    <Dialog
      title={title}
      {...(description ? { description } : {})}
      open={open}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      actions={
        <>
          <DialogClose>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button variant="danger" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error ? <Alert tone="danger">{error.message}</Alert> : null}
    </Dialog>
  );
}
