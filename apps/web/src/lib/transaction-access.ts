/**
 * Transaction access's public pages (issue 24): the request form, the mailed confirmation link
 * and the shared view. Mailed tokens ride in the URL fragment, are taken out of the address bar
 * at once and posted to the server. Every word comes from the contracts.
 */
import {
  formatShowingTime,
  TRANSACTION_ACCESS_SHARES,
  TRANSACTION_ACCESS_TEXTS,
  type TTransactionAccessShare,
} from '@lantern/domain';
import { requestJson } from './http.ts';
import { linkToken } from './showing-link.ts';
import { showFieldErrors, showingPayload } from './showing-request.ts';

const X = TRANSACTION_ACCESS_TEXTS;

/** What POST /api/transaction-access/view answers (ZTransactionAccessViewSchema, without zod). */
export interface TransactionAccessView {
  requester: { name: string; company: string };
  expiresAt: string;
  timeZone: string;
  shares: TTransactionAccessShare[];
  listing: {
    status: string;
    address: string;
    city: string;
    state: string;
    zipCode: string;
    price: number | null;
    bedrooms: number | null;
    bathrooms: number | null;
    squareFeet: number | null;
    listedAt: string;
    url: string | null;
  };
  documents:
    | { hash: string; label: string; fileName: string; uploadedAt: string; url: string }[]
    | null;
  showings: { start: string; end: string; status: string }[] | null;
}

const STATUS_WORDS: Record<string, string> = {
  active: 'For sale',
  pending: 'Under contract',
  sold: 'Sold',
  withdrawn: 'Taken off the market',
  expired: 'Expired',
};

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

const dollars = (n: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(n);

const day = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'long' }).format(new Date(iso));

/** The listing's facts as term and detail, leaving out what is not known. */
export function listingFacts(v: TransactionAccessView): [string, string][] {
  const l = v.listing;
  const rows: [string, string | null][] = [
    ['Address', `${l.address}, ${l.city}, ${l.state} ${l.zipCode}`],
    ['Status', STATUS_WORDS[l.status] ?? l.status],
    ['Price', l.price != null ? dollars(l.price) : null],
    ['Bedrooms', l.bedrooms != null ? String(l.bedrooms) : null],
    ['Bathrooms', l.bathrooms != null ? String(l.bathrooms) : null],
    ['Square feet', l.squareFeet != null ? l.squareFeet.toLocaleString('en-US') : null],
    ['Listed', day(l.listedAt, v.timeZone)],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== null);
}

/** The request form: names the listing of `?listing=`, posts the form, shows the answer. */
export async function initRequestPage(root: HTMLElement | null): Promise<void> {
  if (!root) return;
  const form = root.querySelector<HTMLFormElement>('form[data-txa-form]');
  const problem = root.querySelector<HTMLElement>('[data-txa-problem]');
  const named = root.querySelector<HTMLElement>('[data-txa-listing]');
  const link = root.querySelector<HTMLAnchorElement>('[data-txa-listing-link]');
  const summary = root.querySelector<HTMLElement>('[data-txa-summary]');
  const status = root.querySelector<HTMLElement>('[data-txa-status]');
  const done = root.querySelector<HTMLElement>('[data-txa-done]');
  const template = root.dataset.endpoint;
  if (!form || !problem || !template) return;
  const listing = new URLSearchParams(window.location.search).get('listing');
  const endpoint = listing ? template.replace('LISTING', encodeURIComponent(listing)) : null;
  const found = endpoint
    ? await requestJson<{ address: string; city: string; state: string; url: string | null }>(
        'GET',
        endpoint,
      )
    : null;
  if (!endpoint || !found?.ok) {
    problem.textContent = X.request.noListing;
    problem.hidden = false;
    return;
  }
  if (named && link) {
    link.textContent = `${found.data.address}, ${found.data.city}, ${found.data.state}`;
    if (found.data.url) link.href = found.data.url;
    named.hidden = false;
  }
  form.hidden = false;
  const fieldNames = [...form.querySelectorAll<HTMLElement>('[data-error-for]')].map(
    (e) => e.dataset.errorFor ?? '',
  );
  const errorFor = (name: string) =>
    form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(name)}"]`);
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submit?.disabled) return;
    for (const name of fieldNames) {
      const error = errorFor(name);
      if (error) {
        error.textContent = '';
        error.hidden = true;
      }
      const control = form.elements.namedItem(name);
      if (control instanceof Element) control.removeAttribute('aria-invalid');
    }
    if (summary) summary.hidden = true;
    if (submit) submit.disabled = true;
    if (status) status.textContent = form.dataset.sending ?? '';
    const result = await requestJson<{ message: string }>(
      'POST',
      endpoint,
      showingPayload(new FormData(form)),
    );
    if (submit) submit.disabled = false;
    if (status) status.textContent = '';
    if (result.ok) {
      form.hidden = true;
      if (done) {
        done.textContent = result.data.message;
        done.hidden = false;
        done.focus();
      }
      return;
    }
    const { first, other } = showFieldErrors(form, result.errors, fieldNames);
    if (summary) {
      summary.textContent = other.join(' ') || result.message;
      summary.hidden = false;
    }
    (first ?? summary)?.focus();
  });
}

/** The confirmation link's page. */
export async function initConfirmPage(root: HTMLElement | null): Promise<void> {
  if (!root) return;
  const live = root.querySelector<HTMLElement>('[data-txa-live]');
  const endpoint = root.dataset.endpoint;
  if (!live || !endpoint) return;
  const token = linkToken(window.location.hash, window.location.search);
  window.history.replaceState(null, '', window.location.pathname);
  if (!token) {
    live.textContent = X.confirm.badLink;
    return;
  }
  const result = await requestJson<{ message: string }>('POST', endpoint, { token });
  live.textContent = result.ok ? result.data.message : result.message;
}

/** The shared view: the token once (then the cookie the server set), drawn from the answer. */
export async function initViewPage(root: HTMLElement | null): Promise<void> {
  if (!root) return;
  const live = root.querySelector<HTMLElement>('[data-txa-live]');
  const body = root.querySelector<HTMLElement>('[data-txa-body]');
  const endpoint = root.dataset.endpoint;
  if (!live || !body || !endpoint) return;
  const token = linkToken(window.location.hash, window.location.search);
  if (token) window.history.replaceState(null, '', window.location.pathname);
  const result = await requestJson<TransactionAccessView>('POST', endpoint, token ? { token } : {});
  if (!result.ok) {
    live.textContent = result.status === 404 ? X.view.noAccess : result.message;
    return;
  }
  const v = result.data;
  live.textContent = X.view.sharedBy(day(v.expiresAt, v.timeZone));
  const who = v.requester.company
    ? `${v.requester.name}, ${v.requester.company}`
    : v.requester.name;
  const parts: Node[] = [el('p', {}, [`For ${who}.`])];
  parts.push(
    el('h2', {}, [X.view.listing]),
    el(
      'dl',
      { className: 'txa__facts' },
      listingFacts(v).flatMap(([term, detail]) => [el('dt', {}, [term]), el('dd', {}, [detail])]),
    ),
  );
  if (v.listing.url)
    parts.push(el('p', {}, [el('a', { href: v.listing.url }, [X.view.publicPage])]));
  if (v.documents) {
    parts.push(el('h2', {}, [X.view.documents]));
    parts.push(
      v.documents.length
        ? el(
            'ul',
            { className: 'txa__list' },
            v.documents.map((d) =>
              el('li', {}, [
                el('a', { href: d.url }, [d.label]),
                ` (${d.fileName}, ${day(d.uploadedAt, v.timeZone)})`,
              ]),
            ),
          )
        : el('p', {}, [X.view.noDocuments]),
    );
  }
  if (v.showings) {
    parts.push(el('h2', {}, [X.view.showings]));
    parts.push(
      v.showings.length
        ? el(
            'ul',
            { className: 'txa__list' },
            v.showings.map((s) => el('li', {}, [formatShowingTime(s.start, v.timeZone)])),
          )
        : el('p', {}, [X.view.noShowings]),
    );
  }
  const shared = v.shares.map((s) => TRANSACTION_ACCESS_SHARES[s].label);
  parts.push(el('p', { className: 'ln-field__hint' }, [`Shared: ${shared.join('; ')}.`]));
  body.replaceChildren(...parts);
}
