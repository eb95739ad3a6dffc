import { createHash } from 'node:crypto';
import {
  auditLog,
  type Db,
  newHash,
  properties,
  propertyInvitations,
  propertyParticipants,
  users,
} from '@lantern/db';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AuditEntryBase } from '../audit/audit-log.repository.ts';
import type { PropertyRole } from '../properties/properties.repository.ts';

/** Invitation links carry the token; the table keeps only this digest of it. */
export const tokenDigest = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

export class LastEditorError extends Error {
  constructor() {
    super('last editor');
    this.name = 'LastEditorError';
  }
}

/** A participant change that keeps a property's last editor. */
function participantGuards(db: Db) {
  /**
   * Run `change` on a participant with the property's participant rows locked, refusing any
   * outcome that leaves the property without someone who can edit it.
   */
  async function guardedChange(
    propertyId: number,
    userId: number,
    change: { role?: PropertyRole; canEdit?: boolean } | 'remove',
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ userId: propertyParticipants.userId, canEdit: propertyParticipants.canEdit })
        .from(propertyParticipants)
        .where(eq(propertyParticipants.propertyId, propertyId))
        .for('update');
      const target = rows.find((r) => r.userId === userId);
      if (!target) return false;
      const losesEdit = change === 'remove' || change.canEdit === false;
      const editors = rows.filter((r) => r.canEdit).length;
      if (target.canEdit && losesEdit && editors <= 1) throw new LastEditorError();
      const where = and(
        eq(propertyParticipants.propertyId, propertyId),
        eq(propertyParticipants.userId, userId),
      );
      if (change === 'remove') await tx.delete(propertyParticipants).where(where);
      else await tx.update(propertyParticipants).set(change).where(where);
      return true;
    });
  }

  return { guardedChange };
}

/** A property's participants, and changes to one of them. */
function participantReads(db: Db) {
  const { guardedChange } = participantGuards(db);
  return {
    async list(propertyId: number) {
      return db
        .select({
          userId: users.id,
          hash: users.hash,
          email: users.email,
          name: users.name,
          role: propertyParticipants.role,
          canEdit: propertyParticipants.canEdit,
        })
        .from(propertyParticipants)
        .innerJoin(users, eq(users.id, propertyParticipants.userId))
        .where(eq(propertyParticipants.propertyId, propertyId))
        .orderBy(asc(propertyParticipants.id));
    },

    async findByUserHash(propertyId: number, userHash: string) {
      const [row] = await db
        .select({ userId: users.id, hash: users.hash, canEdit: propertyParticipants.canEdit })
        .from(propertyParticipants)
        .innerJoin(users, eq(users.id, propertyParticipants.userId))
        .where(and(eq(propertyParticipants.propertyId, propertyId), eq(users.hash, userHash)));
      return row;
    },

    /** Whether someone with this email already takes part in the property. */
    async hasEmail(propertyId: number, email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: propertyParticipants.id })
        .from(propertyParticipants)
        .innerJoin(users, eq(users.id, propertyParticipants.userId))
        .where(
          and(
            eq(propertyParticipants.propertyId, propertyId),
            sql`lower(${users.email}) = lower(${email})`,
          ),
        );
      return !!row;
    },

    update: (
      propertyId: number,
      userId: number,
      change: { role?: PropertyRole; canEdit?: boolean },
    ) => guardedChange(propertyId, userId, change),

    remove: (propertyId: number, userId: number) => guardedChange(propertyId, userId, 'remove'),

    /** Test fixtures only: set can_edit without the last-manager rule. */
    async forceCanEdit(participantId: number, canEdit: boolean): Promise<void> {
      await db
        .update(propertyParticipants)
        .set({ canEdit })
        .where(eq(propertyParticipants.id, participantId));
    },
  };
}

/** Invitations: pending, created, deleted, and found by token. */
function participantInvitations(db: Db) {
  return {
    /** Pending (unused, unexpired) invitations of a property. */
    async pendingInvitations(propertyId: number, now = new Date()) {
      return db
        .select()
        .from(propertyInvitations)
        .where(
          and(
            eq(propertyInvitations.propertyId, propertyId),
            isNull(propertyInvitations.acceptedAt),
            gt(propertyInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(propertyInvitations.id));
    },

    async createInvitation(input: {
      propertyId: number;
      email: string;
      role: PropertyRole;
      canEdit: boolean;
      token: string;
      invitedBy: number;
      expiresAt: Date;
    }) {
      const { token, ...rest } = input;
      const [row] = await db
        .insert(propertyInvitations)
        .values({ ...rest, hash: newHash(), tokenHash: tokenDigest(token) })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async deleteInvitation(propertyId: number, hash: string): Promise<boolean> {
      const rows = await db
        .delete(propertyInvitations)
        .where(
          and(
            eq(propertyInvitations.propertyId, propertyId),
            eq(propertyInvitations.hash, hash),
            isNull(propertyInvitations.acceptedAt),
          ),
        )
        .returning({ id: propertyInvitations.id });
      return rows.length > 0;
    },

    /** An invitation already used, with its property (decision 055: joined without the link). */
    async findUsed(token: string) {
      const [row] = await db
        .select({ invitation: propertyInvitations, property: properties })
        .from(propertyInvitations)
        .innerJoin(properties, eq(properties.id, propertyInvitations.propertyId))
        .where(
          and(
            eq(propertyInvitations.tokenHash, tokenDigest(token)),
            isNotNull(propertyInvitations.acceptedAt),
          ),
        );
      return row;
    },

    /** A usable invitation for the token, with its property. */
    async findUsable(token: string, now = new Date()) {
      const [row] = await db
        .select({ invitation: propertyInvitations, property: properties })
        .from(propertyInvitations)
        .innerJoin(properties, eq(properties.id, propertyInvitations.propertyId))
        .where(
          and(
            eq(propertyInvitations.tokenHash, tokenDigest(token)),
            isNull(propertyInvitations.acceptedAt),
            gt(propertyInvitations.expiresAt, now),
          ),
        );
      return row;
    },
  };
}

/** Accepting invitations, one or every one sent to an email. */
function participantAcceptance(db: Db) {
  return {
    /**
     * Use the invitation once: the user joins with the invited role (someone already taking part
     * keeps their role). False when another request used it first.
     */
    async accept(invitationId: number, userId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(propertyInvitations)
          .set({ acceptedAt: new Date() })
          .where(
            and(eq(propertyInvitations.id, invitationId), isNull(propertyInvitations.acceptedAt)),
          )
          .returning();
        if (!used) return false;
        await tx
          .insert(propertyParticipants)
          .values({ propertyId: used.propertyId, userId, role: used.role, canEdit: used.canEdit })
          .onConflictDoNothing();
        return true;
      });
    },

    /**
     * Use every usable invitation to `email` for `userId` (the caller has checked that the
     * address is theirs and verified), each with its activity entry, in one transaction. Someone
     * already taking part keeps their role. Returns the properties joined and the role held.
     */
    async acceptAllForEmail(
      userId: number,
      email: string,
      entry: AuditEntryBase,
      now = new Date(),
    ) {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(propertyInvitations)
          .set({ acceptedAt: now })
          .where(
            and(
              sql`lower(${propertyInvitations.email}) = lower(${email})`,
              isNull(propertyInvitations.acceptedAt),
              gt(propertyInvitations.expiresAt, now),
            ),
          )
          .returning();
        const joined: { property: typeof properties.$inferSelect; role: PropertyRole }[] = [];
        for (const invitation of used.sort((a, b) => a.id - b.id)) {
          const { propertyId, role, canEdit } = invitation;
          await tx
            .insert(propertyParticipants)
            .values({ propertyId, userId, role, canEdit })
            .onConflictDoNothing();
          const [row] = await tx
            .select({ property: properties, role: propertyParticipants.role })
            .from(propertyParticipants)
            .innerJoin(properties, eq(properties.id, propertyParticipants.propertyId))
            .where(
              and(
                eq(propertyParticipants.propertyId, propertyId),
                eq(propertyParticipants.userId, userId),
              ),
            );
          if (!row) throw new Error('accepted invitation left no participant');
          await tx.insert(auditLog).values({
            ...entry,
            action: 'invitation.accepted',
            recordType: 'property',
            recordId: row.property.hash,
            before: null,
            after: { invitation: invitation.hash, email: invitation.email, role, canEdit },
          });
          joined.push(row);
        }
        return joined;
      });
    },
  };
}

/**
 * Who takes part in a property, and invitations to join. Callers have already checked that the
 * acting user may see (and, for changes, manage) the property.
 */
export function createParticipantRepository(db: Db) {
  return { ...participantReads(db), ...participantInvitations(db), ...participantAcceptance(db) };
}
export type ParticipantRepository = ReturnType<typeof createParticipantRepository>;
