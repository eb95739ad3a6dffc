import { SUPPORT_STATE_STAFF_LABELS, type TAdminTicketRow } from '@lantern/contracts';
import { SUPPORT_PAGES } from '@lantern/domain';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import { fetchTicketsPage, ticketsKey } from '../../../features/support/api/admin-tickets.ts';
import { Requires } from './requires.tsx';

const columns: ReadonlyArray<DataColumn<TAdminTicketRow>> = [
  {
    id: 'subject',
    header: 'Subject',
    cell: (t) => <Link to={SUPPORT_PAGES.adminTicket(t.hash)}>{t.subject}</Link>,
  },
  { id: 'customer', header: 'Customer', cell: (t) => t.customer.email },
  { id: 'state', header: 'State', cell: (t) => SUPPORT_STATE_STAFF_LABELS[t.state] },
  { id: 'assignee', header: 'Handled by', cell: (t) => t.assignee?.email ?? 'Nobody yet' },
  {
    id: 'updated',
    header: 'Last message',
    sort: 'updated',
    firstDir: 'desc',
    cell: (t) => formatWhen(t.lastMessageAt),
  },
];

const FILTERS = [
  {
    name: 'state',
    label: 'State',
    default: 'all',
    options: [
      { value: 'all', label: 'Every state' },
      { value: 'open', label: 'Open' },
      { value: 'waiting', label: 'Waiting on customer' },
      { value: 'solved', label: 'Solved' },
    ],
  },
  {
    name: 'assigned',
    label: 'Handled by',
    default: 'anyone',
    options: [
      { value: 'anyone', label: 'Anyone' },
      { value: 'me', label: 'Me' },
      { value: 'nobody', label: 'Nobody yet' },
    ],
  },
] as const;

/** Staff's support queue (issue 23). */
export function SupportQueuePage() {
  return (
    <Requires permission="messages.answer">
      <section className="ds-page" aria-labelledby="support-title">
        <h1 id="support-title">Support tickets</h1>
        <DataTable<TAdminTicketRow>
          caption="Support tickets"
          queryKey={ticketsKey}
          fetchPage={fetchTicketsPage}
          columns={columns}
          rowKey={(t) => t.hash}
          filters={FILTERS}
          defaultSort={{ sort: 'updated', dir: 'desc' }}
          searchLabel="Search by subject or customer email"
          empty={(filtered) =>
            filtered ? <p>No ticket matches.</p> : <p>No support tickets yet.</p>
          }
        />
      </section>
    </Requires>
  );
}
