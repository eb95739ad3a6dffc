import { Card } from '@lantern/ui';
import { type ReactNode, useId } from 'react';

/** One section of Account Settings: a titled card; sections save on their own. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card className="ds-settings-section" aria-labelledby={id} role="region">
      <h2 id={id} className="ln-card__title">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** Focus the first invalid field of a form after a failed save. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
