import type { ComponentPropsWithRef } from 'react';
import { cx } from './class-names.ts';

/** A bordered surface. Put an `<h2 className="ln-card__title">` inside for a heading. */
export function Card({ className, ...props }: ComponentPropsWithRef<'div'>) {
  return <div {...props} className={cx('ln-card', className)} />;
}
