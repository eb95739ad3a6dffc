import { Card } from '@lantern/ui';
import { type ReactNode, type RefObject, useEffect, useId } from 'react';

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

/** Focus the first invalid field of a form once a failed save's errors have rendered. */
export function useFocusInvalid(form: RefObject<HTMLFormElement | null>, error: unknown) {
  useEffect(() => {
    if (error) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error, form]);
}

/** Focus the first invalid field now (errors found before sending). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
