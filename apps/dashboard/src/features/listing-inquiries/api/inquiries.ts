import {
  INQUIRY_API,
  type TInquiryReplyRequest,
  ZInquiryListSchema,
  ZInquiryThreadSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const inquiriesKey = (property: string) => ['dashboard', 'listing', property, 'inquiries'] as const;
const q = (property: string) => `?property=${encodeURIComponent(property)}`;

export const useInquiries = (property: string) =>
  useQuery({
    queryKey: inquiriesKey(property),
    queryFn: ({ signal }) =>
      api.get(`${INQUIRY_API.list}${q(property)}`, { schema: ZInquiryListSchema, signal }),
  });

/** One thread; reading it marks it read, so the list is fetched again after. */
export function useInquiry(property: string, hash: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...inquiriesKey(property), hash],
    queryFn: async ({ signal }) => {
      const thread = await api.get(`${INQUIRY_API.thread(hash)}${q(property)}`, {
        schema: ZInquiryThreadSchema,
        signal,
      });
      void client.invalidateQueries({ queryKey: inquiriesKey(property), exact: true });
      return thread;
    },
  });
}

export function useAnswerInquiry(property: string, hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TInquiryReplyRequest, 'property'>) =>
      api.request('POST', INQUIRY_API.reply(hash), {
        body: { ...body, property },
        schema: ZInquiryThreadSchema,
      }),
    onSuccess: (thread) => {
      client.setQueryData([...inquiriesKey(property), hash], thread);
      return client.invalidateQueries({ queryKey: inquiriesKey(property), exact: true });
    },
  });
}
