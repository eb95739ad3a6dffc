import { CDA_TEMPLATE_VERSION, MESSAGES, SETTLEMENT_TEXTS as S } from '@lantern/contracts';
import type { Commit } from '@lantern/db';
import { checkCdaAmounts, formatCents, SETTLEMENT_PAGES, todayUtc } from '@lantern/domain';
import { settlementCdaSigned } from '../mail/templates.ts';
import { commissionDisbursement } from '../signing/templates/commission-disbursement.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { SettlementRepository, SettlementRow } from './settlement.repository.ts';
import type { SettlementDeps } from './settlement-types.ts';
import { addressOf } from './settlement-views.ts';

/** Thrown inside the signing transaction to roll the signature back. */
class ChangedWhileSigning extends Error {}

/** A signed or approved CDA fixes the figures, the statement and the payees. */
export const fixed = (r: SettlementRow): Outcome<never> | null => {
  if (r.cda?.status === 'approved') return refuse(409, S.cdaApproved);
  if (r.cda?.status === 'signed') return refuse(409, S.cdaSigned);
  return null;
};

/** The CDA's document made from the draft as it is now, waiting for the agent's signature. */
async function prepareCda(
  deps: SettlementDeps,
  r: SettlementRow,
  cda: { revision: number; commissionCents: number },
  payees: Awaited<ReturnType<SettlementRepository['payees']>>,
  agent: { name: string; email: string },
  userId: number,
) {
  const body = commissionDisbursement({
    broker: deps.broker,
    address: addressOf(r),
    escrowNumber: r.t.escrowNumber,
    salePriceCents: r.t.salePriceCents,
    closingDate: r.t.closingDate,
    commissionCents: cda.commissionCents,
    payees,
    agent,
    preparedOn: todayUtc(),
  });
  return deps.signing.prepare({
    kind: 'settlement_cda',
    listingId: null,
    templateVersion: CDA_TEMPLATE_VERSION,
    body: { ...body, footer: `${deps.broker} · ${body.title}` },
    data: {
      transaction: r.t.hash,
      revision: cda.revision,
      statementSha256: r.t.statementSha256,
      commissionCents: cda.commissionCents,
      payees,
    },
    createdBy: userId,
    replacing: false,
  });
}

/** Staff who approve hear of a signature at once, not on their next look at the queue. */
async function tellApprovers(
  deps: SettlementDeps,
  r: SettlementRow,
  agent: string,
  commissionCents: number,
) {
  const mail = settlementCdaSigned(deps.brand, {
    address: addressOf(r),
    agent,
    commission: formatCents(commissionCents),
    url: `${deps.brand.publicUrl}${SETTLEMENT_PAGES.adminOne(r.t.hash)}`,
  });
  for (const to of await deps.users.staffEmailsWith('settlement.approve'))
    await deps.mail({ to, ...mail });
}

/**
 * The settlement agent signs: the CDA's PDF is made from the draft as it is now and signed in
 * one step (the agent is its only signer). Its files are stored first; `commit` then holds
 * the signature, the CDA marked signed (still the same draft, its revision, or it all rolls
 * back), the approvers' mail and `record` (the activity row's).
 */
export async function signCda(
  deps: SettlementDeps,
  r: SettlementRow,
  userId: number,
  consentVersion: string,
  meta: { ip: string; userAgent: string },
  commit: Commit,
  record: (document: string) => void,
): Promise<Outcome<true>> {
  const { repo, signing } = deps;
  const locked = fixed(r);
  if (locked) return locked;
  if (!r.cda) return refuse(409, S.noCda);
  if (r.t.status === 'closed') return refuse(409, S.transactionClosed);
  if (!r.t.statementKey) return refuse(409, S.noStatement);
  const user = await deps.users.findById(userId);
  if (!user) return refuse(404, MESSAGES.notFound);
  const payees = await repo.payees(r.cda.id);
  // The same check as when saved: a draft that does not add up is never signed.
  if (!checkCdaAmounts(r.cda.commissionCents, payees).ok) return refuse(409, S.noCda);
  const agent = { name: user.name?.trim() || user.email, email: user.email };
  const { revision, commissionCents } = r.cda;
  // The document's row precedes the signed copy stored outside any transaction. The CDA
  // links to it only as the signature commits; a failure supersedes it, so it never
  // stands for a signature.
  const doc = await prepareCda(deps, r, { revision, commissionCents }, payees, agent, userId);
  try {
    const signed = await signing.sign(
      doc.document,
      { userId, email: user.email, consentVersion, ...meta },
      commit,
      {
        finish: async (tx, done) => {
          if (!(await repo.markSigned(tx, r.t.id, revision, done.document.id, userId)))
            throw new ChangedWhileSigning();
        },
        recorded: async (done) => {
          if (!done.completed) throw new ChangedWhileSigning();
          await tellApprovers(deps, r, agent.name, commissionCents);
          record(doc.document.hash);
        },
      },
    );
    if (!signed.ok) throw new ChangedWhileSigning();
  } catch (err) {
    await deps.documents.supersede(doc.document.id);
    if (err instanceof ChangedWhileSigning) return refuse(409, S.cdaChanged);
    throw err;
  }
  return ok(true);
}
