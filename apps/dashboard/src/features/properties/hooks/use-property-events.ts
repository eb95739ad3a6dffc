import type { TRealtimeEvent, TUserPropertiesResponse } from '@lantern/contracts';
import { BADGE_COLORS, dashboardHref, propertyChannel, userChannel } from '@lantern/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useChannels } from '../../../lib/realtime/use-channels.ts';
import { readSession, removeSession, SESSION_KEYS } from '../../../lib/session-keys.ts';
import { appendProperty, userPropertiesKey } from '../../../lib/user-properties-cache.ts';

/**
 * Spec section 4: a property created for this user is appended to the menu (and becomes the
 * current one when this tab started its creation); a property update renames its entry.
 */
export function usePropertyEvents(userHash: string, propertyHashes: readonly string[]) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const update = (fn: (old: TUserPropertiesResponse) => TUserPropertiesResponse) =>
    queryClient.setQueryData<TUserPropertiesResponse>(userPropertiesKey, (old) =>
      old ? fn(old) : old,
    );

  const onEvent = (e: TRealtimeEvent) => {
    if (e.event === 'PropertyUserCreated') {
      const { hash, street_address_unit, role } = e.data;
      appendProperty(queryClient, {
        hash,
        streetAddress: street_address_unit,
        role,
        badgeColor: BADGE_COLORS[role],
        visible: true,
      });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      if (readSession(SESSION_KEYS.originatedPropertyCreation) === 'true') {
        removeSession(SESSION_KEYS.originatedPropertyCreation);
        navigate(dashboardHref('overview', hash));
      }
    } else if (e.event === 'PropertyUpdated') {
      const { hash, street_address_unit } = e.data;
      update((old) => ({
        properties: old.properties.map((p) =>
          p.hash === hash ? { ...p, streetAddress: street_address_unit } : p,
        ),
      }));
      // Pages showing the full address, or invoices naming the property, read it again.
      for (const queryKey of [
        ['dashboard', 'property', hash],
        ['dashboard', 'overview'],
        ['dashboard', 'activity', hash],
        ['dashboard', 'invoices'],
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }
  };

  useChannels([userChannel(userHash), ...propertyHashes.map(propertyChannel)], onEvent);
}
