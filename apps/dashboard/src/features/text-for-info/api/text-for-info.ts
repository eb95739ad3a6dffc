import {
  TEXT_FOR_INFO_API,
  type TLeadTextsUpdate,
  type TTextForInfo,
  ZTextForInfoSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const textForInfoKey = (property: string) =>
  ['dashboard', 'listing', property, 'texts'] as const;

/** The listing's code, our number, the owner's lead texts and the buyers who texted. */
export const useTextForInfo = (property: string) =>
  useQuery({
    queryKey: textForInfoKey(property),
    queryFn: ({ signal }) =>
      api.get(`${TEXT_FOR_INFO_API.texts}?property=${encodeURIComponent(property)}`, {
        schema: ZTextForInfoSchema,
        signal,
      }),
  });

/** Turn lead texts on or off; the answer replaces the cached view. */
export const useSetLeadTexts = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TLeadTextsUpdate) =>
      api.request<TTextForInfo>('PUT', TEXT_FOR_INFO_API.leadTexts, {
        body,
        schema: ZTextForInfoSchema,
      }),
    onSuccess: (data, body) => client.setQueryData(textForInfoKey(body.property), data),
  });
};
