/**
 * The page a mailed showing link opens (issue 22): the token rides in the URL fragment, is taken
 * out of the address bar at once and posted to the server, which answers the request as this
 * side sees it and what the link may still do. Every word comes from the contracts.
 */
import {
  formatShowingTime,
  SHOWING_STATUS_LABELS,
  SHOWING_TEXTS,
  type TShowingAction,
  type TShowingSide,
  type TShowingStatus,
  timeZoneName,
} from '@lantern/domain';
import { requestJson } from './http.ts';

const L = SHOWING_TEXTS.link;

/** What POST /api/showings/link answers (ZShowingLinkViewSchema, read without zod here). */
export interface ShowingLinkView {
  side: TShowingSide;
  status: TShowingStatus;
  turn: TShowingSide | null;
  address: string;
  listingUrl: string | null;
  timeZone: string;
  start: string;
  durationMinutes: number;
  proposedStart: string | null;
  buyerName: string | null;
  note: string | null;
  actions: TShowingAction[];
  notice: string | null;
  message: string | null;
}

/** The token from the fragment (`#token=…`), or from the query of an older link. */
export function linkToken(hash: string, search: string): string | null {
  return (
    new URLSearchParams(hash.replace(/^#/, '')).get('token') ??
    new URLSearchParams(search).get('token')
  );
}

/** The facts the page lists, as term and detail. */
export function linkFacts(v: ShowingLinkView): [string, string][] {
  const zone = `${formatShowingTime(v.start, v.timeZone)} (${SHOWING_TEXTS.dashboard.length(v.durationMinutes)})`;
  return [
    [L.home, v.address],
    [L.status, SHOWING_STATUS_LABELS[v.status]],
    [L.when, zone],
    ...(v.proposedStart
      ? ([[L.proposedTime, formatShowingTime(v.proposedStart, v.timeZone)]] as [string, string][])
      : []),
    ...(v.buyerName ? ([[L.buyer, v.buyerName]] as [string, string][]) : []),
    ...(v.note ? ([[L.note, v.note]] as [string, string][]) : []),
  ];
}

/** A button's words: the buyer's "confirm" accepts the seller's proposal. */
export const actionLabel = (action: TShowingAction, side: TShowingSide) =>
  action === 'confirm' && side === 'buyer'
    ? SHOWING_TEXTS.actions.acceptProposal
    : SHOWING_TEXTS.actions[action];

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export async function initShowingLinkPage(root: HTMLElement | null): Promise<void> {
  if (!root) return;
  const { endpoint, respond } = root.dataset;
  const live = root.querySelector<HTMLElement>('[data-showing-live]');
  const body = root.querySelector<HTMLElement>('[data-showing-body]');
  if (!endpoint || !respond || !live || !body) return;
  const token = linkToken(window.location.hash, window.location.search);
  window.history.replaceState(null, '', window.location.pathname);
  const say = (text: string) => {
    live.textContent = text;
  };
  if (!token) {
    say(SHOWING_TEXTS.refusals.badLink);
    return;
  }

  const render = (v: ShowingLinkView, alert: string | null = null) => {
    const heading = el('h2', { id: 'showing-link-heading', tabIndex: -1 }, [
      v.side === 'seller' ? L.forSeller : L.forBuyer,
    ]);
    const facts = el(
      'dl',
      { className: 'showing-link__facts' },
      linkFacts(v).flatMap(([term, detail]) => [el('dt', {}, [term]), el('dd', {}, [detail])]),
    );
    const parts: Node[] = [heading];
    if (alert)
      parts.push(el('p', { className: 'ln-alert ln-alert--danger', role: 'alert' }, [alert]));
    if (v.message) parts.push(el('p', { className: 'ln-alert ln-alert--success' }, [v.message]));
    if (v.notice) parts.push(el('p', { className: 'ln-alert ln-alert--info' }, [v.notice]));
    parts.push(facts);
    if (v.listingUrl) {
      parts.push(el('p', {}, [el('a', { href: v.listingUrl }, [v.address])]));
    }
    const buttons = v.actions.filter((a) => a !== 'propose');
    if (buttons.length) {
      parts.push(
        el(
          'div',
          { className: 'showing-link__actions' },
          buttons.map((action) =>
            el(
              'button',
              {
                type: 'button',
                className: `ln-btn ${action === 'confirm' ? 'ln-btn--primary' : 'ln-btn--secondary'}`,
                onclick: () => act(action, {}),
              },
              [actionLabel(action, v.side)],
            ),
          ),
        ),
      );
    }
    if (v.actions.includes('propose')) parts.push(proposeForm(v));
    if (v.side === 'seller' && v.actions.length) parts.push(el('p', {}, [L.dashboardHint]));
    body.replaceChildren(...parts);
    return heading;
  };

  function proposeForm(v: ShowingLinkView): HTMLElement {
    const F = SHOWING_TEXTS.form;
    const hint = el('p', { className: 'ln-field__hint', id: 'propose-hint' }, [
      F.timeHint(timeZoneName(v.timeZone)),
    ]);
    const input = (name: 'date' | 'time', label: string) => {
      const control = el('input', {
        className: 'ln-input',
        type: name,
        id: `propose-${name}`,
        name,
        required: true,
      });
      control.setAttribute('aria-describedby', `propose-hint propose-${name}-error`);
      return el('div', { className: 'ln-field' }, [
        el('label', { className: 'ln-label', htmlFor: `propose-${name}` }, [label]),
        control,
        el('p', { className: 'ln-field__error', id: `propose-${name}-error`, hidden: true }),
      ]);
    };
    const form = el('form', { className: 'showing-link__propose', noValidate: true }, [
      el('h3', {}, [SHOWING_TEXTS.dashboard.proposeHeading]),
      hint,
      input('date', F.date),
      input('time', F.time),
      el('button', { type: 'submit', className: 'ln-btn ln-btn--secondary' }, [
        SHOWING_TEXTS.dashboard.proposeSubmit,
      ]),
    ]);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const data = new FormData(form);
      void act(
        'propose',
        { date: String(data.get('date') ?? ''), time: String(data.get('time') ?? '') },
        form,
      );
    });
    return form;
  }

  let busy = false;
  async function act(
    action: TShowingAction,
    extra: { date?: string; time?: string },
    form?: HTMLFormElement,
  ) {
    if (busy || !token) return;
    busy = true;
    say(SHOWING_TEXTS.form.sending);
    const result = await requestJson<ShowingLinkView>('POST', respond as string, {
      token,
      action,
      ...extra,
    });
    busy = false;
    say('');
    if (result.ok) {
      render(result.data).focus();
      return;
    }
    const fieldErrors = Object.entries(result.errors).filter(
      ([name]) => name === 'date' || name === 'time',
    );
    if (form && result.status === 422 && fieldErrors.length) {
      for (const name of ['date', 'time']) {
        const error = form.querySelector<HTMLElement>(`#propose-${name}-error`);
        const control = form.querySelector<HTMLElement>(`#propose-${name}`);
        const message = result.errors[name]?.[0];
        if (error) {
          error.textContent = message ?? '';
          error.hidden = !message;
        }
        if (message) control?.setAttribute('aria-invalid', 'true');
        else control?.removeAttribute('aria-invalid');
      }
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      say(result.message);
      return;
    }
    // Refused (the showing moved on, the link is stale): show where it stands now, and why.
    const again = await requestJson<ShowingLinkView>('POST', endpoint as string, { token });
    if (again.ok) render(again.data, result.message).focus();
    else say(result.message);
  }

  say(L.checking);
  const first = await requestJson<ShowingLinkView>('POST', endpoint, { token });
  say('');
  if (first.ok) render(first.data);
  else say(first.status === 410 ? SHOWING_TEXTS.refusals.badLink : first.message);
}
