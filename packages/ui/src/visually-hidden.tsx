import type { ComponentPropsWithRef } from 'react';
import { cx } from './class-names.ts';

/** Text for screen readers only, e.g. a label for an icon-only control. */
export function VisuallyHidden({ className, ...props }: ComponentPropsWithRef<'span'>) {
  return <span {...props} className={cx('ln-visually-hidden', className)} />;
}
