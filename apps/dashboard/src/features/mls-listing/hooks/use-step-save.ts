import type { TMlsListingStep } from '@lantern/domain';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TSaveIntent } from '../components/step-actions.tsx';
import { useListingSource } from '../listing-source.ts';

/**
 * A step's two ways out: "Save draft" stays and says so, "Save and continue" goes to `next`.
 * `save` gets whether the step is being finished; a failure goes to `onError` (the form's own
 * errors), and nothing typed is reset.
 */
export function useStepSave(next: TMlsListingStep, property: string) {
  const navigate = useNavigate();
  const { stepHref } = useListingSource();
  // A ref, not state: the button's click and the form's submit come in the same task.
  const intent = useRef<TSaveIntent>('draft');
  const [saved, setSaved] = useState(false);

  async function run(save: (finish: boolean) => Promise<unknown>, onError: (e: unknown) => void) {
    setSaved(false);
    const finish = intent.current === 'continue';
    try {
      await save(finish);
      if (finish) navigate(stepHref(next, property));
      else setSaved(true);
    } catch (error) {
      onError(error);
    }
  }

  return { intent, saved, run };
}
