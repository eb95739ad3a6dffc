import { PATHS, ZAuthSuccessSchema } from '@lantern/contracts';
import { api } from '../../../lib/api.ts';

export const signOut = () => api.post(PATHS.logout, {}, { schema: ZAuthSuccessSchema });
