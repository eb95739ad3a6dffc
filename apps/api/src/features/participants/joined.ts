import { streetAddressUnit } from '@lantern/contracts';
import type { CurrentUserService } from '../auth/current-user.ts';
import type { RealtimeService } from '../realtime/realtime-service.ts';
import type { Joined } from './invitations.ts';

/**
 * Someone joined properties (by the emailed link, or by their verified address): their menus
 * gain each property on every tab, and the property's Participants page lists them.
 */
export async function announceJoined(
  deps: {
    currentUser: Pick<CurrentUserService, 'get' | 'changed'>;
    realtime: Pick<RealtimeService, 'publishToUser' | 'publishToProperty'>;
  },
  userId: number,
  joined: readonly Joined[],
): Promise<void> {
  if (joined.length === 0) return;
  await deps.currentUser.changed(userId);
  const me = await deps.currentUser.get(userId);
  for (const { property, role } of joined) {
    if (me) {
      await deps.realtime.publishToUser(me.hash, {
        event: 'PropertyUserCreated',
        data: {
          hash: property.hash,
          street_address_unit: streetAddressUnit(property.street, property.unit),
          role,
        },
      });
    }
    await deps.realtime.publishToProperty(property.hash, {
      event: 'ParticipantsChanged',
      data: { hash: property.hash },
    });
  }
}
