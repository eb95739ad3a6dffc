import { dashboardHref } from '@lantern/domain';
import { AddPropertyForm } from '@lantern/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { api } from '../../../../lib/api.ts';
import { appendProperty } from '../../../../lib/user-properties-cache.ts';

/**
 * /dashboard/add-property: the shared add-property form (issue 4). A created property joins the
 * menu and becomes the current one; the realtime event does the same in this user's other tabs.
 */
export default function AddPropertyPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <PageFrame title="Add a Property">
      <AddPropertyForm
        api={api}
        intro="Enter the property details to get started."
        onCreated={(property) => {
          appendProperty(queryClient, property);
          void queryClient.invalidateQueries({ queryKey: ['user'] });
          navigate(dashboardHref('overview', property.hash));
        }}
      />
    </PageFrame>
  );
}
