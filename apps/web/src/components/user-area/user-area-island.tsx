import { UserAreaDropdown } from '@lantern/ui/user-area/dropdown';
import { applySessionLinks } from './session-links.ts';

export interface UserAreaIslandProps {
  supportPhone: string;
  supportPhoneHref: string;
  supportTicketUrl: string;
}

// The API client (and the schemas it validates with) loads with the panel, not with the page.
const loadApi = () => import('@lantern/domain/api-client').then((m) => m.api);

/** The header's user-area dropdown on the public site. */
export default function UserAreaIsland(props: UserAreaIslandProps) {
  return (
    <UserAreaDropdown prerendered api={loadApi} onSessionChange={applySessionLinks} {...props} />
  );
}
