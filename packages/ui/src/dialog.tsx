import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { cx } from './class-names.ts';

export interface DialogProps {
  /** Names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Describes the dialog (aria-describedby) when given. */
  description?: ReactNode;
  /** An element that opens the dialog, e.g. a Button; focus returns to it on close. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Buttons along the bottom; wrap one in `DialogClose` to make it close the dialog. */
  actions?: ReactNode;
  /** Accessible name of the × button. */
  closeLabel?: string;
  className?: string;
  children?: ReactNode;
}

/**
 * A modal dialog on Radix (focus trap, Escape and outside click close, focus returns to what
 * opened it, the rest of the page hidden from screen readers while open).
 */
export function Dialog({
  title,
  description,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  actions,
  closeLabel = 'Close',
  className,
  children,
}: DialogProps) {
  // Radix returns focus to its Trigger; a dialog opened from code has none, so remember what
  // had focus when it opened and go back there.
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (event: Event) => {
    if (trigger || !opener.current?.isConnected) return;
    event.preventDefault();
    opener.current.focus();
  };
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ln-dialog__overlay" />
        <RadixDialog.Content
          className={cx('ln-dialog', className)}
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={returnFocus}
          // Without a description Radix would point aria-describedby at nothing and warn.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="ln-dialog__title">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="ln-dialog__description">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
          {actions ? <div className="ln-dialog__actions">{actions}</div> : null}
          <RadixDialog.Close className="ln-btn ln-btn--ghost ln-btn--sm ln-dialog__close">
            <span aria-hidden="true">×</span>
            <span className="ln-visually-hidden">{closeLabel}</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Makes its child (a Button) close the surrounding Dialog when pressed. */
export function DialogClose({ children }: { children: ReactElement }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
