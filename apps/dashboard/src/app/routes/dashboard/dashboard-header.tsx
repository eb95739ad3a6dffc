import type { TCurrentUser } from '@lantern/contracts';
import { Logo } from '@lantern/ui/brand';
import type { Ref } from 'react';
import { Icon } from '../../../components/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { AccountMenu } from '../../../features/auth/components/account-menu.tsx';
import { AddPropertyButton } from '../../../features/properties/components/add-property-button.tsx';
import { PropertySelect } from '../../../features/properties/components/property-select.tsx';
import { VisibleToggle } from '../../../features/properties/components/visible-toggle.tsx';
import { appConfig } from '../../../lib/app-config.ts';

export interface DashboardHeaderProps {
  me: TCurrentUser;
  /** Below 768px: the button that opens the sidebar drawer. */
  menu?: { open: boolean; controls: string; onToggle(): void; ref: Ref<HTMLButtonElement> };
}

/**
 * Spec 2 "Dashboard header": property dropdown, visible/hidden toggle, 'Add a Property', and the
 * user-area dropdown (email, Sign out, account, vendor and admin links).
 */
export function DashboardHeader({ me, menu }: DashboardHeaderProps) {
  return (
    <header className="ds-header">
      {menu ? (
        <button
          ref={menu.ref}
          type="button"
          className="ln-btn ln-btn--ghost ds-icon-btn"
          aria-expanded={menu.open}
          aria-controls={menu.controls}
          aria-label="Menu"
          onClick={menu.onToggle}
        >
          <Icon name={menu.open ? 'close' : 'menu'} />
        </button>
      ) : null}
      <a className="ds-brand" href={paths.home}>
        <Logo siteName={appConfig.siteName} markSize={28} />
      </a>
      <div className="ds-header-properties">
        <PropertySelect />
        <VisibleToggle />
        <AddPropertyButton />
      </div>
      <div className="ds-account">
        <AccountMenu me={me} />
      </div>
    </header>
  );
}
