import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useNavigation } from 'react-router';

/** Spec 9: a red progress bar along the top while a page or its data loads. */
export function ProgressBar() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const busy = fetching + mutating > 0 || navigation.state !== 'idle';
  if (!busy) return null;
  return (
    <div className="ds-progress" role="progressbar" aria-label="Loading">
      <div className="ds-progress__bar" />
    </div>
  );
}
