import { api } from '@lantern/contracts/api-client';
import { UserAreaDropdown } from '@lantern/ui/user-area';

export interface UserAreaIslandProps {
  supportPhone: string;
  supportPhoneHref: string;
  supportTicketUrl: string;
}

/** The header's user-area dropdown on the public site, talking to the API through the shared client. */
export default function UserAreaIsland(props: UserAreaIslandProps) {
  return <UserAreaDropdown api={api} {...props} />;
}
