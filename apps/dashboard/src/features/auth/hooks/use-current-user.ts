import type { TCurrentUser } from '@lantern/contracts';
import { useOutletContext } from 'react-router';

/** The signed-in user, provided by AreaLayout once loaded. */
export const useCurrentUser = () => useOutletContext<TCurrentUser>();
