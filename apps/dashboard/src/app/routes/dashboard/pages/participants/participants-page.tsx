import { Alert } from '@lantern/ui';
import { PageFrame } from '../../../../../components/page-frame.tsx';
import { useParticipants } from '../../../../../features/participants/api/participants.ts';
import { InviteForm } from '../../../../../features/participants/components/invite-form.tsx';
import { LeaveProperty } from '../../../../../features/participants/components/leave-property.tsx';
import { ParticipantList } from '../../../../../features/participants/components/participant-list.tsx';
import { useCurrentProperty } from '../../../../../features/properties/hooks/use-current-property.ts';
import { PropertyContext } from '../property-context.tsx';

/**
 * Issue 6: who takes part in the property; managers invite, change roles and remove. Anyone may
 * leave (issue 14).
 */
export function ParticipantsPage() {
  const { entry } = useCurrentProperty();
  return (
    <PageFrame title="Participants">
      {entry ? (
        <>
          <PropertyContext entry={entry} />
          <PropertyParticipants property={entry.hash} />
          <LeaveProperty entry={entry} />
        </>
      ) : (
        <p>Choose a property in the menu above to see who takes part in it.</p>
      )}
    </PageFrame>
  );
}

function PropertyParticipants({ property }: { property: string }) {
  const list = useParticipants(property);
  if (list.isPending) return <p role="status">Loading the people on this property…</p>;
  if (list.isError) return <Alert tone="danger">{list.error.message}</Alert>;
  return (
    <>
      <p>Everyone here can see the property and its messages.</p>
      <ParticipantList property={property} data={list.data} />
      {list.data.canManage ? (
        <InviteForm property={property} />
      ) : (
        <p>Ask someone who manages this property to invite people or change roles.</p>
      )}
    </>
  );
}
