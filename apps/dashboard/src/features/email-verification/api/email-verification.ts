import {
  EMAIL_VERIFICATION_PATHS,
  ZEmailVerificationStatusSchema,
  ZMessageAnswerSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const emailVerificationQueryOptions = () =>
  queryOptions({
    queryKey: ['email-verification'],
    queryFn: ({ signal }) =>
      api.get(EMAIL_VERIFICATION_PATHS.status, { schema: ZEmailVerificationStatusSchema, signal }),
  });

export const useEmailVerification = () => useQuery(emailVerificationQueryOptions());

export const useResendVerification = () =>
  useMutation({
    mutationFn: () =>
      api.post(EMAIL_VERIFICATION_PATHS.resend, {}, { schema: ZMessageAnswerSchema }),
  });
