import type { TAgentPropertyRow } from '@lantern/contracts';
import { AGENT_PAGES } from '@lantern/domain';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import { fetchAgentPropertiesPage } from '../../../features/vendor/api/agent.ts';
import { vendorKey } from '../../../features/vendor/api/assignments.ts';

const columns: ReadonlyArray<DataColumn<TAgentPropertyRow>> = [
  {
    id: 'property',
    header: 'Property',
    cell: (a) => <Link to={AGENT_PAGES.property(a.property.hash)}>{a.property.address}</Link>,
  },
  { id: 'customers', header: 'Customers', cell: (a) => a.customers.join(', ') || '—' },
  { id: 'order', header: 'Order', cell: (a) => a.order?.product ?? 'The whole property' },
  {
    id: 'created',
    header: 'Assigned',
    sort: 'created',
    firstDir: 'desc',
    cell: (a) => formatDate(a.createdAt),
  },
];

/** /vendor/agent (issue 24): the properties assigned to this agent, with their customers. */
export function AgentPropertiesPage() {
  return (
    <section className="ds-page" aria-labelledby="agent-title">
      <h1 id="agent-title">Your clients’ properties</h1>
      <p>Open a property for its listing, documents, messages, hours and offers.</p>
      <DataTable<TAgentPropertyRow>
        caption="Properties assigned to you"
        queryKey={[...vendorKey, 'agent', 'properties']}
        fetchPage={fetchAgentPropertiesPage}
        columns={columns}
        rowKey={(a) => a.hash}
        searchLabel="Search by address"
        empty={(filtered) =>
          filtered ? (
            <p>No property matches.</p>
          ) : (
            <p>No property is assigned to you yet. Our team assigns clients to you here.</p>
          )
        }
      />
    </section>
  );
}
