import { RoleBadge } from '@lantern/ui';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { useCurrentUser } from '../../../../features/auth/hooks/use-current-user.ts';
import { PropertyVisibilityButton } from '../../../../features/properties/components/property-visibility-button.tsx';
import { useCurrentProperty } from '../../../../features/properties/hooks/use-current-property.ts';
import { useVisibleFlag } from '../../../../features/properties/hooks/use-visible-flag.ts';

/** /dashboard (spec 2: optional query, the visible flag or a property). */
export function DashboardOverview() {
  const me = useCurrentUser();
  const { entry } = useCurrentProperty();
  const [params] = useSearchParams();
  const visible = params.get('visible');
  const setShowVisible = useVisibleFlag((s) => s.setShowVisible);
  useEffect(() => {
    if (visible === '1' || visible === '0') setShowVisible(visible === '1');
  }, [visible, setShowVisible]);

  const count = me.properties_relation_count;
  return (
    <PageFrame title="Overview">
      <p>
        Signed in as <strong>{me.email}</strong>.
      </p>
      <p>
        {count === 0
          ? 'You have no properties on your account yet.'
          : `You have ${count} ${count === 1 ? 'property' : 'properties'} on your account.`}
      </p>
      {entry ? (
        <div className="ln-card ds-property-card">
          <h2>
            {entry.streetAddress} <RoleBadge propertyRole={entry.role} />
          </h2>
          <p>
            {entry.visible
              ? 'This property is in your visible properties.'
              : 'This property is hidden: it is listed only when you show hidden properties.'}
          </p>
          <PropertyVisibilityButton property={entry} />
        </div>
      ) : null}
    </PageFrame>
  );
}
