import { Button, Dialog, DialogClose } from '@lantern/ui';

/** Spec 8: loading the property services failed — the message, and 'Okay' to dismiss it. */
export function ServicesErrorDialog({
  message,
  open,
  onDismiss,
}: {
  message: string;
  open: boolean;
  onDismiss: () => void;
}) {
  return (
    <Dialog
      title="Error"
      description={message}
      open={open}
      onOpenChange={(next) => {
        if (!next) onDismiss();
      }}
      actions={
        <DialogClose>
          <Button>Okay</Button>
        </DialogClose>
      }
    />
  );
}
