import { VENDOR_REFERRAL_API, ZAcceptReferralResponseSchema } from '@lantern/contracts';
import { api } from '../../../lib/api.ts';

export const acceptReferral = (token: string) =>
  api.post(VENDOR_REFERRAL_API.accept, { token }, { schema: ZAcceptReferralResponseSchema });
