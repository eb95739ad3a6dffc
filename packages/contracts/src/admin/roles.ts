import { z } from 'zod';
import { ZPermissionSchema } from '../staff/permissions.ts';
import { singleLineText } from '../text.ts';

export const ROLE_TEXTS = {
  nameRequired: 'Give the role a name.',
  nameTooLong: 'Keep the name under 60 characters.',
  nameTaken: 'Another role already has this name.',
  descriptionTooLong: 'Keep the description under 300 characters.',
  ownerLocked: 'The owner role always has every permission and cannot be changed or removed.',
  inUse: (n: number) =>
    `${n} ${n === 1 ? 'person has' : 'people have'} this role. Give them another role first.`,
  lastOwner: 'This is the last owner. Make someone else an owner first.',
  ownerOnly: 'Only an owner can give or take away the owner role.',
  unknownRole: 'Choose one of the roles listed.',
} as const;

export const ZRoleSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(ZPermissionSchema),
  isOwner: z.boolean(),
  members: z.number().int().nonnegative(),
});
export type TRole = z.infer<typeof ZRoleSchema>;

export const ZRolesResponseSchema = z.object({
  rows: z.array(ZRoleSchema),
  nextCursor: z.null(),
});

export const ZRoleInputSchema = z.object({
  name: singleLineText()
    .trim()
    .min(1, ROLE_TEXTS.nameRequired)
    .max(60, ROLE_TEXTS.nameTooLong)
    .regex(/^[^<>]*$/, 'Use letters, digits, spaces and punctuation only.'),
  description: singleLineText().trim().max(300, ROLE_TEXTS.descriptionTooLong).default(''),
  permissions: z.array(ZPermissionSchema).max(100).default([]),
});
export type TRoleInput = z.input<typeof ZRoleInputSchema>;

export const ZRoleKeyParamsSchema = z.object({ key: singleLineText().max(80) });

/** A role key from its name: lower case words joined by hyphens. */
export function roleKeyFromName(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'role'
  );
}
