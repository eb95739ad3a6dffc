import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './class-names.ts';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  tone?: AlertTone;
  title?: ReactNode;
  /**
   * False inside a live region of its own (a status line the page keeps mounted): the region
   * announces the message, and a second live region inside it would announce it twice.
   */
  announce?: boolean;
}

/**
 * A message box. Danger alerts use role="alert" so a screen reader interrupts with them;
 * the others are polite status messages.
 */
export function Alert({
  tone = 'info',
  title,
  announce = true,
  className,
  children,
  ...props
}: AlertProps) {
  return (
    <div
      role={announce ? (tone === 'danger' ? 'alert' : 'status') : undefined}
      {...props}
      className={cx('ln-alert', `ln-alert--${tone}`, className)}
    >
      {title ? <p className="ln-alert__title">{title}</p> : null}
      {children}
    </div>
  );
}
