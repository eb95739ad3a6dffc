import { z } from 'zod';
import { ZEmailSchema, ZNewPasswordSchema } from '../auth/credentials.ts';
import { singleLineText } from '../text.ts';

/** Account Settings (issue 6): each section saves on its own. */
export const ACCOUNT_API = {
  settings: '/api/account',
  profile: '/api/account/profile',
  email: '/api/account/email',
  password: '/api/account/password',
  preferences: '/api/account/preferences',
  signOutOthers: '/api/account/sign-out-others',
} as const;

export const NAME_MAX_LENGTH = 100;

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'That is not your current password.',
  currentPasswordRequired: 'Enter your current password.',
  noPassword:
    'Your account signs in with a social account and has no password yet. Set a password first.',
  sameEmail: 'That is already your email address.',
  nameTooLong: `Keep your name under ${NAME_MAX_LENGTH} characters.`,
  phoneInvalid: 'Enter a valid phone number, like (555) 123-4567.',
} as const;

export const ZNewsletterStateSchema = z.enum(['none', 'pending', 'confirmed', 'unsubscribed']);

/** GET settings */
export const ZAccountSettingsSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  hasPassword: z.boolean(),
  promoOptin: z.boolean(),
  newsletter: ZNewsletterStateSchema,
  /** The user's sessions other than this one. */
  otherSessions: z.number().int().nonnegative(),
});
export type TAccountSettings = z.infer<typeof ZAccountSettingsSchema>;

/** PATCH profile: an empty name or phone clears it. Phone is E.164 from the phone input. */
export const ZProfileRequestSchema = z.object({
  name: singleLineText().trim().max(NAME_MAX_LENGTH, ACCOUNT_MESSAGES.nameTooLong),
  phone: z
    .string()
    .trim()
    .max(25, ACCOUNT_MESSAGES.phoneInvalid)
    .regex(/^(\+[1-9]\d{6,14})?$/, ACCOUNT_MESSAGES.phoneInvalid),
});
export type TProfileRequest = z.input<typeof ZProfileRequestSchema>;

const currentPassword = singleLineText({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .max(1024)
  .optional()
  .default('');

export const ZChangeEmailRequestSchema = z.object({ email: ZEmailSchema, currentPassword });
export type TChangeEmailRequest = z.input<typeof ZChangeEmailRequestSchema>;

export const ZChangePasswordRequestSchema = z.object({
  currentPassword,
  password: ZNewPasswordSchema,
});
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequestSchema>;

export const ZPreferencesRequestSchema = z.object({
  newsletter: z.boolean(),
  promoOptin: z.boolean(),
});
export type TPreferencesRequest = z.infer<typeof ZPreferencesRequestSchema>;

export const ZSignedOutResponseSchema = z.object({ ended: z.number().int().nonnegative() });
