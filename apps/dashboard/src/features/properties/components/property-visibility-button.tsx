import type { TPropertyMenuEntry } from '@lantern/contracts';
import { Button } from '@lantern/ui';
import { useSetPropertyVisibility } from '../api/set-property-visibility.ts';

/** Hide a property from the menu, or show a hidden one again (stored per participant). */
export function PropertyVisibilityButton({ property }: { property: TPropertyMenuEntry }) {
  const mutation = useSetPropertyVisibility();
  return (
    <>
      <Button
        variant="secondary"
        loading={mutation.isPending}
        onClick={() => mutation.mutate({ property: property.hash, visible: !property.visible })}
      >
        {property.visible ? 'Hide this property' : 'Show this property'}
      </Button>
      {mutation.isError ? (
        <p className="ln-field__error" role="alert">
          {mutation.error.message}
        </p>
      ) : null}
    </>
  );
}
