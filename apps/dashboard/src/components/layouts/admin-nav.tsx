import type { TPermission } from '@lantern/contracts';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { DRAWER_QUERY, useMediaQuery } from '../../hooks/use-media-query.ts';
import {
  currentStaffLink,
  STAFF_HOME,
  type StaffLink,
  staffNavGroups,
} from './staff-nav-groups.ts';

function LinkItem({ link, onNavigate }: { link: StaffLink; onNavigate: () => void }) {
  return (
    <li>
      <NavLink to={link.to} end={link.end ?? false} onClick={onNavigate}>
        {link.label}
      </NavLink>
    </li>
  );
}

/**
 * The staff area's pages grouped by what staff do there (issue 47), each shown only to roles
 * whose permissions open it: a sidebar on a wide screen; on a phone one button that opens it, so
 * the page itself comes first.
 */
export function AdminNav({ permissions }: { permissions: readonly TPermission[] }) {
  const groups = staffNavGroups(permissions);
  const phone = useMediaQuery(DRAWER_QUERY);
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const lists = (
    <>
      <ul className="adm-sidebar-list">
        <LinkItem link={STAFF_HOME} onNavigate={close} />
      </ul>
      {groups.map((group) => {
        const id = `adm-group-${group.title.toLowerCase().replace(/\W+/g, '-')}`;
        return (
          <section key={group.title} aria-labelledby={id}>
            {/* Not a heading: each page's h1 comes after the sidebar in the document. */}
            <p id={id} className="adm-sidebar-title">
              {group.title}
            </p>
            <ul className="adm-sidebar-list">
              {group.links.map((link) => (
                <LinkItem key={link.to} link={link} onNavigate={close} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
  if (!phone) {
    return (
      <nav aria-label="Staff pages" className="adm-sidebar">
        {lists}
      </nav>
    );
  }
  return (
    <nav aria-label="Staff pages" className="adm-sidebar adm-sidebar--phone">
      <button
        type="button"
        className="ln-btn ln-btn--secondary adm-sidebar-toggle"
        aria-expanded={open}
        aria-controls="adm-sidebar-lists"
        onClick={() => setOpen(!open)}
      >
        Staff pages
        <span className="adm-sidebar-current">{currentStaffLink(groups, pathname).label}</span>
      </button>
      <div id="adm-sidebar-lists" hidden={!open}>
        {lists}
      </div>
    </nav>
  );
}
