import {
  changeSummary,
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_MANAGE_TEXTS as LM,
  MESSAGES,
  STANDARD_STATUS_LABELS,
  type TChangeRequestDetails,
} from '@lantern/contracts';
import { afterCommit, type Commit, commitAsItIs, type MlsListing, type Tx } from '@lantern/db';
import { listingChangeDecided, listingClosingReminder } from '../../mail/templates.ts';
import type { PreparedSet } from '../../photo-shoots/photo-sets.ts';
import type { ChangeRow, ListingChangeRepository } from '../listing-changes.repository.ts';
import { type Refusal, storedForm } from '../mls-listing.ts';
import {
  type Decision,
  ENDED,
  type ManageDeps,
  mailOwners,
  manageUrl,
  type PropertyRef,
  publish,
  RefusedUnderLock,
  standardOf,
  street,
} from './shared.ts';

type Locked = Parameters<Parameters<ListingChangeRepository['decide']>[1]>[1];

/** The set a pending photo change chose, copied and ready to apply; 'gone' if it cannot be. */
async function preparePhotoSet(
  deps: ManageDeps,
  hash: string,
  staffId: number,
): Promise<PreparedSet | 'gone' | null> {
  const found = await deps.changes.withListing(hash);
  const details = found?.change.details as TChangeRequestDetails | undefined;
  if (found?.change.status !== 'pending' || details?.kind !== 'photos') return null;
  if (!details.photos) return null;
  const { listing } = found;
  return (
    (await deps.photoSets.prepare(listing, listing.propertyId, details.photos, staffId)) ?? 'gone'
  );
}

/**
 * A decision on a change. A photo change's chosen set has its delivered photos copied first
 * (outside any transaction); `commit` then holds the decision, the set applied, the owners'
 * mails and `record` (the activity row's). The copies go if it does not commit, the photos
 * the set replaced once it has.
 */
async function decide(
  deps: ManageDeps,
  hash: string,
  staffId: number,
  decision: Decision,
  commit: Commit,
  record: (change: ChangeRow) => void = () => {},
): Promise<{ ok: true; change: ChangeRow } | Refusal> {
  const { changes } = deps;
  const photoSet = decision.done ? await preparePhotoSet(deps, hash, staffId) : null;
  if (photoSet === 'gone') return { ok: false, status: 409, message: LM.photosGone };
  try {
    const change = await commit(async () => {
      const out = await changes.decide(hash, (tx, locked) =>
        applyDecision(deps, tx, locked, staffId, decision, photoSet),
      );
      if (!out) throw new RefusedUnderLock({ ok: false, status: 404, message: MESSAGES.notFound });
      if (!out.ok) throw new RefusedUnderLock(out);
      await tellDecision(deps, out, decision);
      await publish(deps, out.property.hash, out.listing);
      const row = await changes.find(out.change.id);
      if (!row) throw new Error('change request missing after decision');
      record(row);
      if (photoSet) await afterCommit(() => photoSet.committed());
      return row;
    });
    return { ok: true, change };
  } catch (err) {
    await photoSet?.abandoned();
    if (err instanceof RefusedUnderLock) return err.refusal;
    throw err;
  }
}

/**
 * The change carried out on the listing: its form or status, the photo set, a Closed sale
 * recorded, and a version of the listing made by the change's form. Returns the listing as it
 * now stands.
 */
async function carryOut(
  deps: ManageDeps,
  tx: Tx,
  { change, listing }: Locked,
  photoSet: PreparedSet | null,
): Promise<MlsListing> {
  const details = change.details as TChangeRequestDetails;
  const form = storedForm(listing.fields);
  const patch: Partial<Pick<MlsListing, 'fields' | 'standardStatus'>> = {};
  if (details.kind === 'price') patch.fields = { ...form, ListPrice: details.ListPrice };
  if (details.kind === 'remarks') patch.fields = { ...form, PublicRemarks: details.PublicRemarks };
  if (details.kind === 'renewal')
    patch.fields = { ...form, ExpirationDate: details.ExpirationDate };
  if (details.kind === 'status') patch.standardStatus = details.StandardStatus;
  if (patch.fields || patch.standardStatus)
    await deps.changes.applyToListing(tx, listing.id, patch);
  if (photoSet) await photoSet.apply(tx);
  const applied = { ...listing, ...patch };
  if (
    details.kind === 'status' &&
    details.StandardStatus === 'Closed' &&
    details.ClosePrice &&
    details.CloseDate
  ) {
    await deps.ownSales.mlsClosed(tx, applied, form, {
      ClosePrice: details.ClosePrice,
      CloseDate: details.CloseDate,
      ShowClosePrice: details.ShowClosePrice,
    });
  }
  if (change.documentId !== null) {
    const before = (await deps.changes.latestSnapshot(tx, listing.id)) ?? {};
    await deps.documents.addVersion(tx, listing.id, change.documentId, {
      ...(before as object),
      form: storedForm(applied.fields),
      mlsNumber: applied.mlsNumber,
      standardStatus: standardOf(applied),
      change: { hash: change.hash, kind: change.kind, details },
    });
  }
  return applied;
}

/** Inside the decision's transaction, under the request's and the listing's locks. */
async function applyDecision(
  deps: ManageDeps,
  tx: Tx,
  locked: Locked,
  staffId: number,
  decision: Decision,
  photoSet: PreparedSet | null,
) {
  const { change, listing, property } = locked;
  if (change.status !== 'pending')
    return { ok: false, status: 409, message: L.changeNotPending } as Refusal;
  let applied = listing;
  if (decision.done) {
    const standard = standardOf(listing);
    if (listing.status !== 'live' || ENDED.includes(standard))
      return {
        ok: false,
        status: 409,
        message: LM.endedForStaff(STANDARD_STATUS_LABELS[standard]),
      } as Refusal;
    applied = await carryOut(deps, tx, locked, photoSet);
  }
  await deps.changes.markDecided(tx, change.id, {
    status: decision.done ? 'completed' : 'declined',
    decidedBy: staffId,
    note: decision.note?.trim() || null,
  });
  return { ok: true as const, change, listing: applied, property };
}

/** The owners read the decision; a sale under contract reminds them of the closing. */
async function tellDecision(
  deps: ManageDeps,
  out: { change: { details: unknown }; listing: MlsListing; property: PropertyRef },
  decision: Decision,
) {
  const details = out.change.details as TChangeRequestDetails;
  const where = { street: street(out.property), listingUrl: manageUrl(deps, out.property.hash) };
  await mailOwners(
    deps,
    out.listing,
    listingChangeDecided(deps.brand, {
      ...where,
      summary: changeSummary(details),
      done: decision.done,
      note: decision.note?.trim() || null,
    }),
  );
  if (
    decision.done &&
    details.kind === 'status' &&
    (details.StandardStatus === 'ActiveUnderContract' || details.StandardStatus === 'Pending')
  ) {
    await mailOwners(
      deps,
      out.listing,
      listingClosingReminder(deps.brand, {
        ...where,
        status: STANDARD_STATUS_LABELS[details.StandardStatus].toLowerCase(),
      }),
    );
  }
}

/** Staff carrying a change out or declining it. */
export function staffDecisions(deps: ManageDeps) {
  return {
    /**
     * Staff carry a change out: price, remarks and the end date go into the listing's form, a
     * status onto the listing (the sale price and date stay in the request); photos are changed
     * by hand. The listing as it now stands becomes a version made by the change's form. All
     * under the request's and the listing's locks, in `commit` with `record` (see `decide`).
     */
    async complete(
      hash: string,
      staffId: number,
      note: string | null,
      commit: Commit,
      record?: (change: ChangeRow) => void,
    ) {
      return decide(deps, hash, staffId, { done: true, note }, commit, record);
    },

    /** Staff cannot make the change: the owners read why (no outside call: the route's unit). */
    async decline(hash: string, staffId: number, note: string) {
      return decide(deps, hash, staffId, { done: false, note }, commitAsItIs);
    },
  };
}
