import { dashboardHref } from '@lantern/domain';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/icons.tsx';

/** 'Add a Property': disabled on the add-property page; a plus icon under 768px (spec 2). */
export function AddPropertyButton() {
  const here = useLocation().pathname === dashboardHref('add-property');
  const content = (
    <>
      <Icon name="plus" className="ds-add-icon" />
      <span className="ds-add-label">Add a Property</span>
    </>
  );
  if (here) {
    return (
      <button type="button" className="ln-btn ln-btn--primary ds-add-btn" disabled>
        {content}
      </button>
    );
  }
  return (
    <Link className="ln-btn ln-btn--primary ds-add-btn" to={dashboardHref('add-property')}>
      {content}
    </Link>
  );
}
