import {
  type TPropertyVisibilityRequest,
  type TUserPropertiesResponse,
  ZPropertyVisibilityResponseSchema,
} from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userPropertiesKey } from '../../../lib/user-properties-cache.ts';

export const setPropertyVisibility = (body: TPropertyVisibilityRequest) =>
  api.post(DASHBOARD_API.propertyVisibility, body, { schema: ZPropertyVisibilityResponseSchema });

/** Hide or show a property in this user's menu; the menu updates from the answer. */
export const useSetPropertyVisibility = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPropertyVisibility,
    onSuccess: ({ hash, visible }) => {
      queryClient.setQueryData<TUserPropertiesResponse>(userPropertiesKey, (old) =>
        old
          ? { properties: old.properties.map((p) => (p.hash === hash ? { ...p, visible } : p)) }
          : old,
      );
    },
  });
};
