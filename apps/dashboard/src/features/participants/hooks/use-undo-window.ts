import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a confirmed change can be taken back (issue 14, item 5). */
export const UNDO_MS = 6000;

export interface Undoable {
  /** What happened, for the status line: "Jo is now Buyer." */
  message: string;
  /** Takes the change back. */
  undo: () => void;
  /**
   * Makes a held-back change final when the window closes (a removal is only sent then);
   * `leaving` when the page is going away, so the request must outlive it.
   */
  commit?: (leaving: boolean) => void;
}

/**
 * One change at a time that can be undone for UNDO_MS. A newer change, leaving the page or
 * unmounting makes the open one final.
 */
export function useUndoWindow() {
  const [open, setOpen] = useState<Undoable | null>(null);
  const current = useRef<Undoable | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const close = useCallback(() => {
    window.clearTimeout(timer.current);
    const change = current.current;
    current.current = null;
    setOpen(null);
    return change;
  }, []);

  const settle = useCallback(
    (leaving = false) => {
      close()?.commit?.(leaving);
    },
    [close],
  );

  const offer = useCallback(
    (change: Undoable) => {
      settle();
      current.current = change;
      setOpen(change);
      timer.current = window.setTimeout(() => settle(), UNDO_MS);
    },
    [settle],
  );

  const undo = useCallback(() => {
    close()?.undo();
  }, [close]);

  useEffect(() => {
    const onHide = () => settle(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      settle(true);
    };
  }, [settle]);

  return { open, offer, undo };
}
