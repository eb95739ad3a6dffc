import { AGENT_API, ZCustomerAgentWorkSchema } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** What the property's agent logged and recorded (issue 24): hours and offers. */
export const useAgentWork = (property: string) =>
  useQuery({
    queryKey: ['dashboard', 'agent-work', property],
    queryFn: ({ signal }) =>
      api.get(`${AGENT_API.customer}?property=${encodeURIComponent(property)}`, {
        schema: ZCustomerAgentWorkSchema,
        signal,
      }),
  });
