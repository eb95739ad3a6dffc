import { Skeleton } from '@lantern/ui';

/** What shows in a page's place while its code arrives: the shell around it is already drawn. */
export function PageLoading() {
  return (
    <div className="ds-loading">
      <Skeleton label="Loading…" lines={4} />
    </div>
  );
}
