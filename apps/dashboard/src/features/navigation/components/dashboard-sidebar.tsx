import { cx } from '@lantern/ui';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { Icon } from '../../../components/icons.tsx';
import { useUiStore } from '../../../stores/ui-store.ts';
import type { SidebarItem, SidebarSection } from '../sidebar-sections.ts';

export interface DashboardSidebarProps {
  id: string;
  sections: SidebarSection[];
  account: SidebarItem;
  siteName: string;
  /** The investor flag (configuration): the link shows only when set. */
  investorUrl?: string | undefined;
  /** Below 768px the sidebar is a floating drawer. */
  isDrawer: boolean;
}

function ItemLink({ item, onNavigate }: { item: SidebarItem; onNavigate: () => void }) {
  return (
    <NavLink
      to={item.href}
      end={item.end ?? false}
      className="ds-nav-link"
      title={item.label}
      onClick={onNavigate}
    >
      <Icon name={item.icon} className="ds-nav-icon" />
      <span className="ds-nav-label">{item.label}</span>
      {item.count ? (
        <span className="ds-nav-count">
          {item.count}
          <span className="ln-visually-hidden"> unread</span>
        </span>
      ) : null}
    </NavLink>
  );
}

/** Spec 2 "Dashboard sidebar": sections, Account Settings at the bottom, narrow mode, drawer. */
export function DashboardSidebar({
  id,
  sections,
  account,
  siteName,
  investorUrl,
  isDrawer,
}: DashboardSidebarProps) {
  const { narrow, toggleNarrow, drawerOpen, setDrawerOpen } = useUiStore();
  const ref = useRef<HTMLElement>(null);
  const open = isDrawer && drawerOpen;
  const close = () => {
    if (isDrawer) setDrawerOpen(false);
  };

  // An opened drawer takes focus; Escape closes it (the header's menu button gets focus back).
  useEffect(() => {
    if (!open) return;
    ref.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, setDrawerOpen]);

  return (
    <>
      {open ? (
        <div
          className="ds-drawer-overlay"
          aria-hidden="true"
          onClick={() => setDrawerOpen(false)}
        />
      ) : null}
      <aside
        id={id}
        ref={ref}
        aria-label="Dashboard menu"
        className={cx(
          'ds-sidebar',
          narrow && !isDrawer && 'ds-sidebar--narrow',
          isDrawer && 'ds-sidebar--drawer',
          open && 'ds-sidebar--open',
        )}
        // A closed drawer is off screen: keep it out of the tab order and the accessibility tree.
        inert={isDrawer && !open}
      >
        <nav aria-label="Dashboard" className="ds-nav">
          {sections.map((section) => (
            <section
              key={section.id}
              className="ds-nav-section"
              aria-labelledby={`${id}-${section.id}`}
              aria-busy={section.loading || undefined}
            >
              {/* Not a heading: the page's h1 comes after the sidebar in the document. */}
              <p id={`${id}-${section.id}`} className="ds-nav-title">
                {section.title}
              </p>
              <ul className="ds-nav-list">
                {section.items.map((item) => (
                  <li key={item.href}>
                    <ItemLink item={item} onNavigate={close} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        <div className="ds-sidebar-bottom">
          {investorUrl ? (
            <a
              className="ds-investor"
              href={investorUrl}
              title={`Interested in investing in ${siteName}?`}
            >
              <Icon name="invest" className="ds-nav-icon" />
              <span className="ds-nav-label">Interested in investing in {siteName}?</span>
            </a>
          ) : null}
          <nav aria-label="Account">
            <ItemLink item={account} onNavigate={close} />
          </nav>
          {isDrawer ? null : (
            <button
              type="button"
              className="ln-btn ln-btn--ghost ln-btn--sm ds-narrow-toggle"
              aria-pressed={narrow}
              onClick={toggleNarrow}
              title={narrow ? 'Expand the menu' : 'Collapse the menu'}
            >
              <Icon name={narrow ? 'expand' : 'collapse'} />
              {/* In narrow mode the label is hidden visually only, so it still names the button. */}
              <span className="ds-nav-label">Narrow menu</span>
            </button>
          )}
        </div>
      </aside>
    </>
  );
}
