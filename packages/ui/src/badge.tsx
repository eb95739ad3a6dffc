import type { ComponentPropsWithRef } from 'react';
import { cx } from './class-names.ts';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      {...props}
      className={cx('ln-badge', tone !== 'neutral' && `ln-badge--${tone}`, className)}
    />
  );
}
