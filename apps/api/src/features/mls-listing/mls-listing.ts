import {
  CONCIERGE_LISTING_TEXTS as CL,
  INVOICE_LINE_TEXTS,
  MESSAGES,
  mlsListingFormSchemaFor,
  mlsListingUpgradeSlugs,
  RESO_SUB_TYPES_BY_TYPE,
  type TInvoiceStatus,
  type TListingConciergeState,
  type TMlsBoardOption,
  type TMlsListing,
  type TMlsListingDraft,
  type TMlsListingInvoice,
  type TMlsListingLocationRequest,
  type TMlsListingPaymentResponse,
  type TMlsListingRead,
  type TMlsListingServicesResponse,
  type TMlsListingUpgrade,
  type TResoPropertySubType,
  type TResoPropertyType,
  type TReturnReasons,
  ZMlsListingDraftSchema,
} from '@lantern/contracts';
import { afterCommit, type Invoice, type InvoiceLine, type MlsBoard } from '@lantern/db';
import {
  findFairHousingPhrases,
  invoiceNumber,
  MLS_LISTING_TEXTS as T,
  type TMlsListingStep,
} from '@lantern/domain';
import type { ZodError } from 'zod';
import type { ProductRepository } from '../catalogue/products.repository.ts';
import type { CrmSync } from '../crm/crm-sync.ts';
import type { OrderRepository } from '../orders/orders.repository.ts';
import type { CardPaymentService } from '../payments/card-payments.ts';
import type { PropertyRepository, UserProperty } from '../properties/properties.repository.ts';
import { servicesForProperty } from '../properties/property-services.ts';
import { chooseBoard } from './boards.ts';
import { asBefore, conciergeChanges } from './concierge-changes.ts';
import type { ListingRow, MlsListingRepository, UpgradeOrder } from './mls-listings.repository.ts';
import { blockingStep, inOrder, nextStep, withoutStep, withStep } from './steps.ts';

/**
 * The MLS listing builder's rules (issue 16; docs/decisions/031-mls-listing-builder.md). Routes
 * open a listing with `open`, then call one step's function; each answers what to send.
 */
export interface MlsListingDeps {
  properties: Pick<PropertyRepository, 'findForUser'>;
  mlsListings: MlsListingRepository;
  products: ProductRepository;
  orders: Pick<OrderRepository, 'place' | 'heldBoards'>;
  /** Orders made or cancelled here reach the CRM like those of POST /orders. */
  crm: Pick<CrmSync, 'orderChanged'>;
  siteName: string;
  cardPayments: boolean;
  /** Closes Checkout sessions for an old total (null without card payments). */
  checkouts: Pick<CardPaymentService, 'expireStale'> | null;
}

export interface ListingContext extends Pick<UserProperty, 'property'> {
  /** The owner's participation; for the concierge, can_edit while they hold the draft. */
  participant: Pick<UserProperty['participant'], 'canEdit' | 'role'>;
  userId: number;
  row: ListingRow;
  /** Photos processed and shown: the photos step is done while there is at least one. */
  readyPhotos: number;
  /** Acting as the property's assigned concierge (decision 065), not as an owner. */
  actingConcierge?: boolean;
  /** The name of the concierge holding the draft, null while nobody does. */
  conciergeName: string | null;
}

export type Refusal = {
  ok: false;
  status: 403 | 404 | 409 | 422;
  message: string;
  errors?: Record<string, string[]>;
};
export type Opened = { ok: true; ctx: ListingContext } | Refusal;

const PAID: readonly TInvoiceStatus[] = ['paid', 'partially_refunded'];
const unprocessable = (errors: Record<string, string[]>): Refusal => ({
  ok: false,
  status: 422,
  message: MESSAGES.validationFailed,
  errors,
});

/** `{"form.ListPrice": [...]}`, the keys the request body's own validation gives. */
function formErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = ['form', ...issue.path.map(String)].join('.');
    const list = out[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    out[key] = list;
  }
  return out;
}

const boardOption = (b: MlsBoard): TMlsBoardOption => ({
  slug: b.slug,
  name: b.name,
  shortName: b.shortName,
  website: b.website,
});

/**
 * The stored form, read back through the draft schema. A field the schema no longer accepts (its
 * limits changed since it was saved) is dropped, not the whole draft; the customer fills it again.
 */
export function storedForm(fields: unknown): TMlsListingDraft {
  const draft: Record<string, unknown> =
    fields && typeof fields === 'object' && !Array.isArray(fields) ? { ...fields } : {};
  for (let tries = 0; tries < 3; tries++) {
    const parsed = ZMlsListingDraftSchema.safeParse(draft);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string') delete draft[key];
      else return {};
    }
  }
  return {};
}

const formComplete = (type: string | null, form: TMlsListingDraft) =>
  mlsListingFormSchemaFor(type as TResoPropertyType | null).safeParse(form).success;

function invoiceView(invoice: Invoice, lines: InvoiceLine[]): TMlsListingInvoice {
  return {
    hash: invoice.hash,
    number: invoiceNumber(invoice.number),
    status: invoice.status,
    lines: lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      amountCents: l.amountCents,
      taxable: l.taxable,
    })),
    subtotalCents: invoice.subtotalCents,
    couponCode: invoice.couponCode,
    discountCents: invoice.discountCents,
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    balanceCents: Math.max(0, invoice.totalCents - invoice.paidCents),
    dueDate: invoice.dueDate,
  };
}

const upgradeSlugs = (deps: MlsListingDeps) => mlsListingUpgradeSlugs(deps.siteName);

/** The listing's invoice, and the upgrades' own invoices (added after it was paid). */
async function invoicesOf(deps: MlsListingDeps, ctx: ListingContext) {
  const listing = await deps.mlsListings.listingInvoice(ctx.row.order.id);
  const upgrades = await deps.mlsListings.upgradeOrders(ctx.property.id, upgradeSlugs(deps));
  const own = [];
  for (const u of upgrades) {
    if (u.lineInvoiceId !== null || !u.ownInvoice) continue;
    const found = await deps.mlsListings.invoiceWithLines(u.ownInvoice.id);
    if (found) own.push(found);
  }
  const paid =
    !!listing &&
    PAID.includes(listing.invoice.status) &&
    own.every((o) => PAID.includes(o.invoice.status));
  return { listing, own, upgrades, paid };
}

/**
 * Steps saved, with photos done while a photo is ready and the steps before it are done.
 * Photos and payment are never stored: they follow the photos and invoices as they change.
 */
function savedSteps(ctx: ListingContext): TMlsListingStep[] {
  const saved = withoutStep(withoutStep(ctx.row.listing.completedSteps, 'payment'), 'photos');
  return ctx.readyPhotos > 0 && blockingStep('photos', saved) === null
    ? withStep(saved, 'photos')
    : saved;
}

/**
 * Steps done: those saved; payment once every invoice is paid and the rest are done; sign once
 * every owner signed (the listing left draft and was not sent back); review once it is live.
 */
function stepsDone(ctx: ListingContext, paid: boolean): TMlsListingStep[] {
  let done = savedSteps(ctx);
  if (paid && blockingStep('payment', done) === null) done = withStep(done, 'payment');
  const { status } = ctx.row.listing;
  if (
    status === 'submitted' ||
    status === 'concierge' ||
    status === 'live' ||
    status === 'rejected'
  )
    done = withStep(done, 'sign');
  if (status === 'live') done = withStep(done, 'review');
  return inOrder(done);
}

/**
 * The boards this listing may go on: the one its order names; else those covering the county
 * that no other active MLS listing order of the property holds (one listing per board, 056).
 */
async function listingBoards(deps: MlsListingDeps, ctx: ListingContext): Promise<MlsBoard[]> {
  const covering = await deps.mlsListings.boardsFor(ctx.property.state, ctx.property.county);
  const own = ctx.row.order.mlsBoardId;
  if (own !== null) return covering.filter((b) => b.id === own);
  const held = await deps.orders.heldBoards(ctx.property.id, ctx.row.order.id);
  return covering.filter((b) => !held.includes(b.id));
}

function refuseStep(ctx: ListingContext, step: TMlsListingStep): Refusal | null {
  const missing = blockingStep(step, savedSteps(ctx));
  return missing ? { ok: false, status: 409, message: T.finishStepFirst(missing) } : null;
}

/**
 * An owner writes a draft nobody else holds, in step order; the concierge writes only the
 * draft they hold, any step they fill (decision 065).
 */
function refuseWrite(ctx: ListingContext, step: TMlsListingStep): Refusal | null {
  const { status, conciergeHolderId } = ctx.row.listing;
  if (ctx.actingConcierge) {
    if (status !== 'draft' && status !== 'returned')
      return { ok: false, status: 409, message: CL.notDraft };
    return conciergeHolderId === ctx.userId
      ? null
      : { ok: false, status: 409, message: CL.notHeld };
  }
  if (!ctx.participant.canEdit) return { ok: false, status: 403, message: T.readOnly };
  if (status !== 'draft' && status !== 'returned')
    return { ok: false, status: 409, message: T.submitted };
  if (conciergeHolderId !== null)
    return { ok: false, status: 409, message: CL.heldBy(ctx.conciergeName ?? '') };
  return refuseStep(ctx, step);
}

/** The refusal when the draft changed hands between reading and writing it. */
const changedMeanwhile = (ctx: ListingContext): Refusal => ({
  ok: false,
  status: 409,
  message: ctx.actingConcierge ? CL.notHeld : CL.changedMeanwhile,
});
const editor = (ctx: ListingContext, step: TMlsListingStep) => ({
  userId: ctx.userId,
  concierge: !!ctx.actingConcierge,
  step,
});

async function conciergeState(
  deps: MlsListingDeps,
  ctx: ListingContext,
): Promise<TListingConciergeState> {
  const { listing } = ctx.row;
  const before = asBefore(listing.conciergeBefore);
  const waiting = before && listing.conciergeHolderId === null && listing.conciergeHandedAt;
  return {
    heldBy: listing.conciergeHolderId === null ? null : ctx.conciergeName,
    handedAt: listing.conciergeHandedAt?.toISOString() ?? null,
    changes: waiting ? conciergeChanges(before, await deps.mlsListings.snapshot(listing)) : null,
  };
}

async function offeredUpgrades(deps: MlsListingDeps, ctx: ListingContext): Promise<Set<string>> {
  const offered = await servicesForProperty(deps.products, deps.siteName, {
    state: ctx.property.state,
    county: ctx.property.county,
    role: ctx.participant.role,
  });
  return new Set(upgradeSlugs(deps).filter((s) => offered[s]));
}

/** Chosen and paid, started or on an invoice something was paid on: not removable here. */
function locked(u: UpgradeOrder, listingInvoice: Invoice | undefined): boolean {
  if (u.order.status === 'confirmed') return true;
  if (u.lineInvoiceId !== null)
    return listingInvoice?.status !== 'open' || listingInvoice.paidCents > 0;
  if (u.ownInvoice) return u.ownInvoice.status !== 'open' || u.ownInvoice.paidCents > 0;
  return u.order.status !== 'quote_requested';
}

/** The listing as the builder's pages read it. */
async function listingView(deps: MlsListingDeps, ctx: ListingContext): Promise<TMlsListing> {
  const repo = deps.mlsListings;
  const { listing, order, productName } = ctx.row;
  const { property } = ctx;
  const options = await listingBoards(deps, ctx);
  const chosen = listing.boardId ? await repo.boardById(listing.boardId) : undefined;
  const board = chosen ?? (options.length === 1 ? options[0] : undefined);
  const boardPending = !chosen && options.length === 0;
  const form = storedForm(listing.fields);
  const { paid } = await invoicesOf(deps, ctx);
  const done = stepsDone(ctx, paid);
  return {
    hash: listing.hash,
    status: listing.status,
    completedSteps: done,
    nextStep: nextStep(done),
    // Decision 065: while the concierge holds the draft the owners read it only.
    canEdit: ctx.participant.canEdit && (ctx.actingConcierge || listing.conciergeHolderId === null),
    order: { hash: order.hash, productName, status: order.status },
    property: {
      hash: property.hash,
      streetAddress: property.street,
      unit: property.unit,
      city: property.city,
      state: property.state,
      zipCode: property.zip,
      county: property.county,
    },
    boardOptions: options.map(boardOption),
    board: board ? boardOption(board) : null,
    boardPending,
    boardPendingText: boardPending
      ? property.county?.trim()
        ? T.boardPending(property.county)
        : T.noCounty
      : null,
    propertyType: (listing.propertyType as TResoPropertyType | null) ?? null,
    propertySubType: (listing.propertySubType as TResoPropertySubType | null) ?? null,
    form,
    warnings: findFairHousingPhrases(form.PublicRemarks ?? '').map((phrase) => ({
      field: 'PublicRemarks',
      phrase,
      message: T.fairHousingWarning(phrase),
    })),
    submittedAt: listing.submittedAt?.toISOString() ?? null,
    returnReasons:
      listing.status === 'returned' ? (listing.returnReasons as TReturnReasons | null) : null,
    mlsNumber: listing.mlsNumber,
    standardStatus: listing.standardStatus,
    liveAt: listing.liveAt?.toISOString() ?? null,
    rejectedReason: listing.rejectedReason,
    concierge: await conciergeState(deps, ctx),
  };
}

/** The upgrades offered or chosen, with what each costs and whether it can still be removed. */
async function upgradeList(
  deps: MlsListingDeps,
  ctx: ListingContext,
): Promise<TMlsListingServicesResponse | Refusal> {
  const repo = deps.mlsListings;
  const refused = refuseStep(ctx, 'services');
  if (refused) return refused;
  const offered = await offeredUpgrades(deps, ctx);
  const { listing: listingInvoice, upgrades } = await invoicesOf(deps, ctx);
  const bySlug = new Map(upgrades.map((u) => [u.slug, u]));
  const slugs = upgradeSlugs(deps).filter((s) => offered.has(s) || bySlug.has(s));
  const products = new Map((await repo.productsBySlug(slugs)).map((p) => [p.slug, p]));
  const list: TMlsListingUpgrade[] = [];
  for (const slug of slugs) {
    const product = products.get(slug);
    if (!product) continue;
    const u = bySlug.get(slug);
    list.push({
      slug,
      name: product.name,
      description: product.description,
      priceCents: u ? u.order.priceCents : product.priceCents,
      depositCents: product.depositCents ?? 0,
      chosen: !!u,
      order: u?.order.hash ?? null,
      billedOn: u ? (u.lineInvoiceId !== null ? 'listing' : u.ownInvoice ? 'own' : null) : null,
      locked: u ? locked(u, listingInvoice?.invoice) : false,
    });
  }
  return { upgrades: list, invoiceTotalCents: listingInvoice?.invoice.totalCents ?? null };
}

type UpgradeProduct = Awaited<ReturnType<MlsListingRepository['productsBySlug']>>[number];
type ListingInvoice = Awaited<ReturnType<MlsListingRepository['listingInvoice']>>;

/** An upgrade newly wanted that is unknown or not offered here, refused before any change. */
function refuseNewUpgrades(
  deps: MlsListingDeps,
  want: ReadonlySet<string>,
  bySlug: ReadonlyMap<string, UpgradeOrder>,
  products: ReadonlyMap<string, UpgradeProduct>,
  offered: ReadonlySet<string>,
): Refusal | null {
  for (const slug of want) {
    if (bySlug.has(slug)) continue;
    const product = products.get(slug);
    if (!upgradeSlugs(deps).includes(slug) || !product)
      return unprocessable({ upgrades: [T.upgradeUnknown] });
    if (!offered.has(slug)) return unprocessable({ upgrades: [T.upgradeNotOffered(product.name)] });
  }
  return null;
}

/** Upgrades left out are taken off (orders cancelled); refused if one cannot be removed. */
async function removeUpgrades(
  deps: MlsListingDeps,
  removals: UpgradeOrder[],
  listingInvoice: ListingInvoice,
): Promise<Refusal | null> {
  const repo = deps.mlsListings;
  const names = new Map(
    (await repo.productsBySlug(removals.map((u) => u.slug))).map((p) => [p.slug, p.name]),
  );
  for (const u of removals) {
    if (locked(u, listingInvoice?.invoice))
      return { ok: false, status: 409, message: T.upgradeStarted(names.get(u.slug) ?? u.slug) };
  }
  for (const u of removals) {
    const out = await repo.removeUpgrade(u);
    if (out.ok) await deps.crm.orderChanged(out.orderId);
    if (!out.ok)
      return { ok: false, status: 409, message: T.upgradeStarted(names.get(u.slug) ?? u.slug) };
  }
  return null;
}

/** Each new upgrade billed on the listing's invoice while nothing is paid on it, else on its own. */
async function addUpgrades(
  deps: MlsListingDeps,
  ctx: ListingContext,
  want: ReadonlySet<string>,
  bySlug: ReadonlyMap<string, UpgradeOrder>,
  products: ReadonlyMap<string, UpgradeProduct>,
  listingInvoice: ListingInvoice,
) {
  const repo = deps.mlsListings;
  for (const slug of want) {
    const product = products.get(slug);
    if (bySlug.has(slug) || !product) continue;
    const onListing =
      listingInvoice &&
      listingInvoice.invoice.status === 'open' &&
      listingInvoice.invoice.paidCents === 0;
    const added =
      onListing && product.priceCents !== null
        ? await repo.addToInvoice({
            invoiceId: listingInvoice.invoice.id,
            propertyId: ctx.property.id,
            userId: ctx.userId,
            product,
            depositText: INVOICE_LINE_TEXTS.deposit,
          })
        : { ok: false as const, reason: 'invoiceNotOpen' as const };
    if (added.ok) await deps.crm.orderChanged(added.orderId);
    // Paid (or paid at once) meanwhile: the normal ordering path, an invoice of its own.
    if (!added.ok && added.reason === 'invoiceNotOpen') {
      const placed = await deps.orders.place({
        propertyId: ctx.property.id,
        state: ctx.property.state,
        userId: ctx.userId,
        product,
        couponCode: '',
      });
      if (placed.ok) await deps.crm.orderChanged(placed.order.id);
    }
  }
}

/** The listing's total changed: Checkout sessions for the old total are closed after commit. */
async function expireStaleCheckouts(
  deps: MlsListingDeps,
  ctx: ListingContext,
  listingInvoice: ListingInvoice,
) {
  const repo = deps.mlsListings;
  if (listingInvoice && deps.checkouts) {
    const now = await repo.listingInvoice(ctx.row.order.id);
    if (now && now.invoice.totalCents !== listingInvoice.invoice.totalCents) {
      const checkouts = deps.checkouts;
      // Stripe is an outside service: the old sessions are closed once the change commits.
      await afterCommit(() =>
        checkouts.expireStale(now.invoice.id, now.invoice.totalCents - now.invoice.paidCents),
      );
    }
  }
}

/**
 * The upgrades wanted: each new one billed on the listing's invoice while nothing is paid on
 * it, else ordered on its own invoice; each one left out taken off (its order cancelled).
 * Refuses, before changing anything, an upgrade not offered or one that cannot be removed.
 */
async function saveServices(
  deps: MlsListingDeps,
  ctx: ListingContext,
  wanted: string[],
): Promise<{ ok: true } | Refusal> {
  const repo = deps.mlsListings;
  const refused = refuseWrite(ctx, 'services');
  if (refused) return refused;
  const offered = await offeredUpgrades(deps, ctx);
  const { listing: listingInvoice, upgrades } = await invoicesOf(deps, ctx);
  const bySlug = new Map(upgrades.map((u) => [u.slug, u]));
  const want = new Set(wanted);
  const products = new Map((await repo.productsBySlug([...want])).map((p) => [p.slug, p]));
  const unknown = refuseNewUpgrades(deps, want, bySlug, products, offered);
  if (unknown) return unknown;
  const notRemoved = await removeUpgrades(
    deps,
    upgrades.filter((u) => !want.has(u.slug)),
    listingInvoice,
  );
  if (notRemoved) return notRemoved;
  await addUpgrades(deps, ctx, want, bySlug, products, listingInvoice);
  await expireStaleCheckouts(deps, ctx, listingInvoice);
  await repo.setSteps(ctx.row.listing.id, withStep(ctx.row.listing.completedSteps, 'services'));
  return { ok: true };
}

/** The payment step: the invoices the person may see, and whether all are paid. */
async function paymentView(
  deps: MlsListingDeps,
  ctx: ListingContext,
): Promise<TMlsListingPaymentResponse | Refusal> {
  const refused = refuseStep(ctx, 'payment');
  if (refused) return refused;
  const { listing, own, paid } = await invoicesOf(deps, ctx);
  // Decision 010: invoices are seen by the person billed and the participants who can edit.
  const sees = (i: Invoice) => ctx.participant.canEdit || i.userId === ctx.userId;
  const hidden = !!listing && !sees(listing.invoice);
  return {
    invoiceHidden: hidden,
    invoice: listing && !hidden ? invoiceView(listing.invoice, listing.lines) : null,
    otherInvoices: own.filter((o) => sees(o.invoice)).map((o) => invoiceView(o.invoice, o.lines)),
    paid,
    cardPayments: deps.cardPayments,
  };
}

/** Opening a listing, its context and what its pages read. */
function listingReads(deps: MlsListingDeps) {
  const repo = deps.mlsListings;
  return {
    /** The user's listing of the property: 404 when not theirs, 409 without a listing order. */
    async open(userId: number, propertyHash: string): Promise<Opened> {
      const found = await deps.properties.findForUser(userId, propertyHash);
      if (!found) return { ok: false, status: 404, message: MESSAGES.notFound };
      const row = await repo.forProperty(found.property.id);
      if (!row) return { ok: false, status: 409, message: T.orderFirst };
      return { ok: true, ctx: await this.context(found, userId, row, false) };
    },

    /**
     * GET's answer: the listing, or 200 with no listing and why (never ordered, or its order
     * cancelled), so a step page without an order has nothing to fail on (decision 056).
     */
    async read(
      userId: number,
      propertyHash: string,
    ): Promise<{ ok: true; body: TMlsListingRead } | Refusal> {
      const opened = await this.open(userId, propertyHash);
      if (opened.ok) return { ok: true, body: { listing: await this.view(opened.ctx) } };
      const found =
        opened.status === 409 ? await deps.properties.findForUser(userId, propertyHash) : undefined;
      if (!found) return opened;
      const cancelled = (await repo.orderState(found.property.id)) === 'cancelled';
      const message = cancelled ? T.orderCancelled : T.orderFirst;
      return { ok: true, body: { listing: null, notOrdered: { message, cancelled } } };
    },

    /** The context of one listing for an owner, or for the concierge (`actingConcierge`). */
    async context(
      found: Pick<ListingContext, 'property' | 'participant'>,
      userId: number,
      row: ListingRow,
      actingConcierge: boolean,
    ): Promise<ListingContext> {
      const readyPhotos = await repo.readyPhotoCount(row.listing.id);
      const holder = row.listing.conciergeHolderId;
      const conciergeName = holder === null ? null : await repo.personName(holder);
      return { ...found, userId, row, readyPhotos, actingConcierge, conciergeName };
    },

    refuseStep,
    refuseWrite,
    stepsDone,
    invoicesOf: (ctx: ListingContext) => invoicesOf(deps, ctx),

    view: (ctx: ListingContext): Promise<TMlsListing> => listingView(deps, ctx),
  };
}

/** Saving the location and form steps. */
function listingDrafts(deps: MlsListingDeps) {
  const repo = deps.mlsListings;
  return {
    async saveLocation(
      ctx: ListingContext,
      body: TMlsListingLocationRequest,
    ): Promise<{ ok: true } | Refusal> {
      const refused = refuseWrite(ctx, 'location');
      if (refused) return refused;
      const errors: Record<string, string[]> = {};
      const type = body.propertyType ?? null;
      const subType = body.propertySubType ?? null;
      if (!type) errors.propertyType = [T.propertyTypeRequired];
      if (!subType) errors.propertySubType = [T.propertySubTypeRequired];
      else if (type && !RESO_SUB_TYPES_BY_TYPE[type].includes(subType))
        errors.propertySubType = [T.subTypeNotForType];
      const choice = chooseBoard(await listingBoards(deps, ctx), body.board);
      if (!choice.ok)
        errors.board = [choice.reason === 'required' ? T.boardRequired : T.boardNotForCounty];
      if (Object.keys(errors).length > 0 || !choice.ok) return unprocessable(errors);
      const { listing } = ctx.row;
      let steps = withStep(listing.completedSteps, 'location');
      // A new property type can ask the form for more (a home after land): re-check it.
      if (steps.includes('form') && !formComplete(type, storedForm(listing.fields)))
        steps = withoutStep(steps, 'form');
      const saved = await repo.update(
        listing.id,
        {
          boardId: choice.board?.id ?? null,
          propertyType: type,
          propertySubType: subType,
          completedSteps: steps,
        },
        editor(ctx, 'location'),
      );
      return saved ? { ok: true } : changedMeanwhile(ctx);
    },

    async saveForm(
      ctx: ListingContext,
      form: TMlsListingDraft,
      finish: boolean,
    ): Promise<{ ok: true } | Refusal> {
      const refused = refuseWrite(ctx, 'form');
      if (refused) return refused;
      const { listing } = ctx.row;
      const complete = mlsListingFormSchemaFor(
        listing.propertyType as TResoPropertyType | null,
      ).safeParse(form);
      if (finish && !complete.success) return unprocessable(formErrors(complete.error));
      const steps = finish
        ? withStep(listing.completedSteps, 'form')
        : complete.success
          ? listing.completedSteps
          : withoutStep(listing.completedSteps, 'form');
      const saved = await repo.update(
        listing.id,
        { fields: form, completedSteps: inOrder(steps) },
        editor(ctx, 'form'),
      );
      return saved ? { ok: true } : changedMeanwhile(ctx);
    },
  };
}

/** The services step (upgrades) and the payment step. */
function listingUpgrades(deps: MlsListingDeps) {
  return {
    services: (ctx: ListingContext) => upgradeList(deps, ctx),

    /**
     * The upgrades wanted: each new one billed on the listing's invoice while nothing is paid on
     * it, else ordered on its own invoice; each one left out taken off (its order cancelled).
     * Refuses, before changing anything, an upgrade not offered or one that cannot be removed.
     */
    saveServices: (ctx: ListingContext, wanted: string[]) => saveServices(deps, ctx, wanted),

    payment: (ctx: ListingContext) => paymentView(deps, ctx),
  };
}

export function createMlsListingService(deps: MlsListingDeps) {
  return { ...listingReads(deps), ...listingDrafts(deps), ...listingUpgrades(deps) };
}
export type MlsListingService = ReturnType<typeof createMlsListingService>;
