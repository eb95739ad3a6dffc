import { ZJobRowSchema, ZJobsPageSchema } from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const jobsKey = ['admin', 'jobs'] as const;

export const fetchJobsPage = (query: string, signal: AbortSignal) => {
  const q = new URLSearchParams(query);
  q.delete('sort');
  return api.get(`${ADMIN_API.jobs}?${q}`, { schema: ZJobsPageSchema, signal });
};

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(ADMIN_API.jobRetry(id), {}, { schema: ZJobRowSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
