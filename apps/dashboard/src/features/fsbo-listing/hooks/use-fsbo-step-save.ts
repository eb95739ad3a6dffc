import type { TFsboListingStep } from '@lantern/domain';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { fsboStepHref } from '../steps.ts';

export type TSaveIntent = 'draft' | 'continue';

/**
 * A step's two ways out: "Save draft" stays and says so, "Save and continue" finishes the step
 * and goes to `next` (a published listing's steps only save, and stay). A failure goes to
 * `onError` (the form's own errors); nothing typed is reset.
 */
export function useFsboStepSave(next: TFsboListingStep, property: string) {
  const navigate = useNavigate();
  // A ref, not state: the button's click and the form's submit come in the same task.
  const intent = useRef<TSaveIntent>('draft');
  const [saved, setSaved] = useState(false);

  async function run(
    save: (finish: boolean) => Promise<unknown>,
    onError: (e: unknown) => void,
    stay = false,
  ) {
    setSaved(false);
    const finish = intent.current === 'continue';
    try {
      await save(finish);
      if (finish && !stay) navigate(fsboStepHref(next, property));
      else setSaved(true);
    } catch (error) {
      onError(error);
    }
  }

  return { intent, saved, run };
}
