import { AUDIT_RETENTION_YEARS, type TActorKind } from '@lantern/contracts';
import { auditLog, type Db, type NewAuditEntry } from '@lantern/db';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

/** Who did something and through which request: every field of an entry but what changed. */
export type AuditEntryBase = Omit<
  NewAuditEntry,
  'id' | 'createdAt' | 'action' | 'recordType' | 'recordId' | 'before' | 'after'
>;

export interface ActivityQuery {
  actor: 'all' | TActorKind;
  record?: string | undefined;
  search?: string | undefined;
  dir: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

/** The activity log's queries (issue 15). Rows are only ever inserted; see the trigger in 0007. */
export function createAuditLogRepository(db: Db) {
  const list = {
    id: auditLog.id,
    createdAt: auditLog.createdAt,
    actorKind: auditLog.actorKind,
    actorEmail: auditLog.actorEmail,
    actorRole: auditLog.actorRole,
    ip: auditLog.ip,
    method: auditLog.method,
    url: auditLog.url,
    action: auditLog.action,
    recordType: auditLog.recordType,
    recordId: auditLog.recordId,
    status: auditLog.status,
  };
  return {
    async insert(entries: NewAuditEntry[]): Promise<void> {
      if (entries.length) await db.insert(auditLog).values(entries);
    },
    async byId(id: number) {
      const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id));
      return row;
    },
    async page(q: ActivityQuery) {
      const sort: KeysetSort = { expr: auditLog.id, type: 'bigint', dir: q.dir };
      const [recordType, ...rest] = q.record?.split(':') ?? [];
      const recordId = rest.join(':');
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const filters: Array<SQL | undefined> = [
        q.actor === 'all' ? undefined : eq(auditLog.actorKind, q.actor),
        recordType && recordId
          ? and(eq(auditLog.recordType, recordType), eq(auditLog.recordId, recordId))
          : undefined,
        term
          ? or(
              ilike(auditLog.actorEmail, term),
              ilike(auditLog.action, term),
              ilike(auditLog.url, term),
              ilike(auditLog.recordId, term),
              ilike(auditLog.ip, term),
            )
          : undefined,
        afterCursor(sort, auditLog.id, q.cursor),
      ];
      const rows = await db
        .select({ ...list, sortKey: sortText(sort), keyId: auditLog.id })
        .from(auditLog)
        .where(and(...filters))
        .orderBy(...keysetOrder(sort, auditLog.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },
    /** The retention job: entries past two years go (the trigger refuses any younger one). */
    async removeExpired(): Promise<number> {
      const rows = await db
        .delete(auditLog)
        .where(sql`${auditLog.createdAt} < now() - ${`${AUDIT_RETENTION_YEARS} years`}::interval`)
        .returning({ id: auditLog.id });
      return rows.length;
    },
  };
}
export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
