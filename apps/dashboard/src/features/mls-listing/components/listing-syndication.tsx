import { LISTING_SYNDICATION_DEFAULTS, LISTING_SYNDICATION_TEXTS as LS } from '@lantern/contracts';
import { Alert } from '@lantern/ui';
import { SyndicationForm } from '../../../components/syndication-form.tsx';
import { useChooseSyndication, useListingSyndication } from '../api/syndication.ts';

/**
 * The MLS listing's choices of where it may appear beyond our site (issue 49): on the sign step
 * before the agreement is made with them, and on the manage step once live.
 */
export function ListingSyndication({ property }: { property: string }) {
  const current = useListingSyndication(property);
  const choose = useChooseSyndication();
  if (current.isPending) return <p role="status">Loading…</p>;
  if (current.isError) return <Alert tone="danger">{current.error.message}</Alert>;
  const { syndication, canChange, whyNot } = current.data;
  return (
    <SyndicationForm
      value={syndication ?? LISTING_SYNDICATION_DEFAULTS}
      label={LS.legend}
      submitLabel={LS.save}
      savedText={LS.saved}
      readOnly={canChange ? null : whyNot}
      onSave={(chosen) => choose.mutateAsync({ property, syndication: chosen })}
    />
  );
}
