import { ZAuthSuccessSchema } from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import { api } from '../../../lib/api.ts';

export const signOut = () => api.post(PATHS.logout, {}, { schema: ZAuthSuccessSchema });
