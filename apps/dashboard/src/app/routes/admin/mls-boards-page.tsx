import type { TAdminMlsBoard } from '@lantern/contracts';
import { formatCents, MLS_BOARD_PAGE_TEXTS } from '@lantern/domain';
import { Button, Dialog } from '@lantern/ui';
import { useState } from 'react';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import { fetchMlsBoardsPage, mlsBoardsKey } from '../../../features/catalogue/api/mls-boards.ts';
import { MlsBoardForm } from '../../../features/catalogue/components/mls-board-form.tsx';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';

const columns: ReadonlyArray<DataColumn<TAdminMlsBoard>> = [
  {
    id: 'name',
    header: 'Board',
    sort: 'name',
    firstDir: 'asc',
    cell: (b) => (
      <>
        <strong>{b.name}</strong>
        <div className="ds-muted">
          {b.shortName} · /mls/{b.slug}
        </div>
      </>
    ),
  },
  { id: 'states', header: 'States', cell: (b) => b.states.join(', ') },
  {
    id: 'counties',
    header: 'Counties confirmed',
    cell: (b) => (b.counties?.length ? b.counties.join(', ') : 'None confirmed'),
  },
  {
    id: 'fee',
    header: 'Listing fee',
    numeric: true,
    cell: (b) => (b.listingFeeCents === null ? 'Not known' : formatCents(b.listingFeeCents)),
  },
  {
    id: 'rules',
    header: 'Rules',
    cell: (b) => (b.rules ? <span className="adm-pre-line">{b.rules}</span> : 'None recorded'),
  },
  { id: 'updated', header: 'Changed', cell: (b) => formatDate(b.updatedAt) },
];

/**
 * MLS/AOR (issue 20): the boards and associations of the public /mls pages and of local MLS
 * listing. Every staff member reads them; “Manage MLS boards” adds and changes them.
 */
export function MlsBoardsPage() {
  const access = useStaffAccess();
  const canEdit = grants(access.data?.permissions, 'mls.manage');
  const [editing, setEditing] = useState<TAdminMlsBoard | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <section className="ds-page" aria-labelledby="mls-title">
      <h1 id="mls-title">MLS boards</h1>
      <p>
        Multiple listing services and boards of realtors: the states and counties each serves, its
        listing fee and rules. Local MLS listing is offered where a board lists the property’s
        county; a save changes that in every dashboard at once.
      </p>
      <p>{MLS_BOARD_PAGE_TEXTS.publicPages}</p>
      <p role="status">{saved ? MLS_BOARD_PAGE_TEXTS.saved(saved) : null}</p>
      {canEdit ? (
        <Button onClick={() => setEditing('new')}>Add a board</Button>
      ) : (
        <p className="ds-muted">Changing boards needs the “Manage MLS boards” permission.</p>
      )}
      <DataTable<TAdminMlsBoard>
        caption="MLS boards"
        queryKey={mlsBoardsKey}
        fetchPage={fetchMlsBoardsPage}
        columns={columns}
        rowKey={(b) => b.slug}
        defaultSort={{ sort: 'name', dir: 'asc' }}
        searchLabel="Search by name, short name, slug or state (TX)"
        {...(canEdit
          ? {
              rowActions: (b: TAdminMlsBoard) => (
                <Button size="sm" variant="secondary" onClick={() => setEditing(b)}>
                  Edit <span className="ln-visually-hidden">{b.name}</span>
                </Button>
              ),
            }
          : {})}
        empty={(filtered) =>
          filtered ? <p>No board matches this search.</p> : <p>No boards yet.</p>
        }
      />
      <Dialog
        title={editing === 'new' ? 'Add a board' : `Edit ${editing?.name ?? ''}`}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      >
        {editing ? (
          <MlsBoardForm
            board={editing === 'new' ? null : editing}
            onDone={(board) => {
              setEditing(null);
              setSaved(board.name);
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
