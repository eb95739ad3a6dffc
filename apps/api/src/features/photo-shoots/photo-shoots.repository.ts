import {
  auditLog,
  type Db,
  listingPhotos,
  type PhotoShoot,
  photoShoots,
  properties,
  workOrders,
} from '@lantern/db';
import type { TPhotoShootStatus } from '@lantern/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuditEntryBase } from '../audit/audit-log.repository.ts';

/** A shoot's change and its activity row: what the photographer or staff did. */
interface Change {
  workOrderHash: string;
  action: string;
  audit: AuditEntryBase;
}

/** Why a move was refused: no shoot, or not in a state that allows it. */
export type ShootMoveRefusal = 'notFound' | 'wrongStatus';

/** A guarded move of a shoot with its activity row. */
function shootMoves(db: Db) {
  /** Move a shoot from one of `from` to the values given, with its activity row. */
  async function move(
    workOrderId: number,
    from: readonly TPhotoShootStatus[],
    set: Partial<typeof photoShoots.$inferInsert> & { status: TPhotoShootStatus },
    change: Change,
  ): Promise<PhotoShoot | ShootMoveRefusal> {
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(photoShoots)
        .where(eq(photoShoots.workOrderId, workOrderId))
        .for('update');
      if (!before) return 'notFound';
      if (!from.includes(before.status)) return 'wrongStatus';
      const [after] = await tx
        .update(photoShoots)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(photoShoots.workOrderId, workOrderId))
        .returning();
      await tx.insert(auditLog).values({
        ...change.audit,
        action: change.action,
        recordType: 'work_order',
        recordId: change.workOrderHash,
        before: { shoot: before.status },
        after: { shoot: set.status, ...(set.returnReason ? { reason: set.returnReason } : {}) },
      });
      return after as PhotoShoot;
    });
  }

  return { move };
}

/** A work order's shoot, a property's shoots, and a photo's owner. */
function shootReads(db: Db) {
  return {
    async get(workOrderId: number): Promise<PhotoShoot | undefined> {
      const [row] = await db
        .select()
        .from(photoShoots)
        .where(eq(photoShoots.workOrderId, workOrderId));
      return row;
    },

    /** The property's shoots in these states, oldest first, with their work order. */
    async ofProperty(propertyId: number, statuses: readonly TPhotoShootStatus[]) {
      return db
        .select({ shoot: photoShoots, wo: { id: workOrders.id, hash: workOrders.hash } })
        .from(photoShoots)
        .innerJoin(workOrders, eq(workOrders.id, photoShoots.workOrderId))
        .where(
          and(eq(workOrders.propertyId, propertyId), inArray(photoShoots.status, [...statuses])),
        )
        .orderBy(asc(photoShoots.reviewedAt), asc(workOrders.id));
    },

    /** A shoot photo's work order and shoot, for the file route's access check. */
    async ownerOfPhoto(photoHash: string) {
      const [row] = await db
        .select({
          photo: listingPhotos,
          wo: workOrders,
          status: photoShoots.status,
          propertyHash: properties.hash,
        })
        .from(listingPhotos)
        .innerJoin(workOrders, eq(workOrders.id, listingPhotos.shootWorkOrderId))
        .innerJoin(photoShoots, eq(photoShoots.workOrderId, workOrders.id))
        .innerJoin(properties, eq(properties.id, workOrders.propertyId))
        .where(eq(listingPhotos.hash, photoHash));
      return row;
    },
  };
}

/** The licence, submitting, approving and sending a shoot back. */
function shootChanges(db: Db) {
  const { move } = shootMoves(db);
  return {
    /** The photographer's licence, recorded once with its words (a second agreement keeps the first). */
    async agreeLicence(
      wo: { id: number; hash: string },
      userId: number,
      text: string,
      audit: AuditEntryBase,
    ): Promise<PhotoShoot> {
      return db.transaction(async (tx) => {
        const [made] = await tx
          .insert(photoShoots)
          .values({
            workOrderId: wo.id,
            licenceAgreedBy: userId,
            licenceAgreedAt: new Date(),
            licenceText: text,
          })
          .onConflictDoNothing()
          .returning();
        if (made)
          await tx.insert(auditLog).values({
            ...audit,
            action: 'photo_shoot.licence',
            recordType: 'work_order',
            recordId: wo.hash,
            after: { licence: text },
          });
        const [row] = await tx.select().from(photoShoots).where(eq(photoShoots.workOrderId, wo.id));
        return row as PhotoShoot;
      });
    },

    submit: (wo: { id: number; hash: string }, audit: AuditEntryBase) =>
      move(
        wo.id,
        ['uploading', 'returned'],
        { status: 'submitted', submittedAt: new Date() },
        { workOrderHash: wo.hash, action: 'photo_shoot.submit', audit },
      ),

    approve: (wo: { id: number; hash: string }, staffId: number, audit: AuditEntryBase) =>
      move(
        wo.id,
        ['submitted'],
        { status: 'approved', reviewedBy: staffId, reviewedAt: new Date(), returnReason: null },
        { workOrderHash: wo.hash, action: 'photo_shoot.approve', audit },
      ),

    sendBack: (
      wo: { id: number; hash: string },
      staffId: number,
      reason: string,
      audit: AuditEntryBase,
    ) =>
      move(
        wo.id,
        ['submitted'],
        { status: 'returned', reviewedBy: staffId, reviewedAt: new Date(), returnReason: reason },
        { workOrderHash: wo.hash, action: 'photo_shoot.return', audit },
      ),
  };
}

/**
 * The photography shoots (issue 39; docs/decisions/064). Each change locks the shoot's row and
 * writes its activity row in the same transaction, so two moves at once give one success.
 */
export function createPhotoShootRepository(db: Db) {
  return { ...shootReads(db), ...shootChanges(db) };
}
export type PhotoShootRepository = ReturnType<typeof createPhotoShootRepository>;
