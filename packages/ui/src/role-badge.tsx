import { BADGE_COLORS, ROLE_LABELS, type TPropertyRole } from '@lantern/domain';
import type { ComponentPropsWithRef } from 'react';
import { cx } from './class-names.ts';
import { tokenVar } from './tokens.ts';

export interface RoleBadgeProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  /** Not `role`, which is the ARIA attribute on every element. */
  propertyRole: TPropertyRole;
}

/** The user's role on a property, in that role's colour (contracts keep each at 4.5:1 on white text). */
export function RoleBadge({ propertyRole, className, style, ...props }: RoleBadgeProps) {
  return (
    <span
      {...props}
      className={cx('ln-badge', className)}
      style={{
        backgroundColor: BADGE_COLORS[propertyRole],
        color: tokenVar('color', 'textInverse'),
        ...style,
      }}
    >
      {ROLE_LABELS[propertyRole]}
    </span>
  );
}
