import { SHOWINGS_API, type TPublicListingDetail } from '@lantern/contracts';
import {
  LEAD_HONEYPOT_FIELD,
  localDateTime,
  SHOWING_DEFAULT_DURATION,
  SHOWING_DURATIONS,
  SHOWING_FIRST_HOUR,
  SHOWING_LAST_HOUR,
  SHOWING_MAX_DAYS_AHEAD,
  SHOWING_NAME_MAX,
  SHOWING_NOTE_MAX,
  SHOWING_TEXTS,
  timeZoneName,
} from '@lantern/domain';
import { escapeHtml as esc } from '../../../lib/escape-html.ts';
import { timeZoneOfState } from '../../../lib/time-zones.ts';

const F = SHOWING_TEXTS.form;
const pad = (n: number) => String(n).padStart(2, '0');

/** Whether a listing's page offers the form: a published listing still on the market. */
export const takesShowingRequests = (d: Pick<TPublicListingDetail, 'status'>) =>
  d.status === 'active' || d.status === 'pending';

interface Field {
  name: string;
  label: string;
  hint?: string;
  /** Another field's hint that speaks of this one too (the time zone, for the start time). */
  alsoDescribedBy?: string;
  /** The input itself, given its id and its aria-describedby. */
  control: (id: string, describedBy: string) => string;
}

/** A labelled field with its hint and the place its error goes (filled by the page's script). */
function field({ name, label, hint, alsoDescribedBy, control }: Field): string {
  const id = `showing-${name}`;
  const hintId = hint ? `${id}-hint` : '';
  const errorId = `${id}-error`;
  const describedBy = [alsoDescribedBy ?? '', hintId, errorId].filter(Boolean).join(' ');
  return `<div class="ln-field"><label class="ln-label" for="${id}">${esc(label)}</label>${hint ? `<p class="ln-field__hint" id="${hintId}">${esc(hint)}</p>` : ''}${control(id, describedBy)}<p class="ln-field__error" id="${errorId}" data-error-for="${name}" hidden></p></div>`;
}

/**
 * "Request a showing" on a listing page (issue 22): server-rendered, hidden until the page's
 * script (apps/web/src/lib/showing-request.ts) shows it and posts it as JSON; without JavaScript a
 * note says so. Day and time are in the home's own time zone, named beside them. The hidden
 * `website` field is the honeypot.
 */
export function showingFormHtml(d: TPublicListingDetail, now = new Date()): string {
  if (!takesShowingRequests(d)) return '';
  const zone = timeZoneOfState(d.state);
  const today = localDateTime(now, zone).date;
  const last = localDateTime(
    new Date(now.getTime() + SHOWING_MAX_DAYS_AHEAD * 86_400_000),
    zone,
  ).date;
  const text = (type: string, extra: string) => (id: string, describedBy: string) =>
    `<input class="ln-input" type="${type}" id="${id}" name="${id.slice('showing-'.length)}" aria-describedby="${describedBy}" ${extra}/>`;
  const durations = SHOWING_DURATIONS.map(
    (n) =>
      `<option value="${n}"${n === SHOWING_DEFAULT_DURATION ? ' selected' : ''}>${esc(F.minutes(n))}</option>`,
  ).join('');
  const fields = [
    field({
      name: 'name',
      label: F.name,
      control: text('text', `autocomplete="name" maxlength="${SHOWING_NAME_MAX}" required `),
    }),
    field({
      name: 'email',
      label: F.email,
      hint: F.emailHint,
      control: text('email', 'autocomplete="email" maxlength="254" required '),
    }),
    field({
      name: 'phone',
      label: F.phone,
      hint: F.phoneHint,
      control: text('tel', 'autocomplete="tel" maxlength="30" '),
    }),
    field({
      name: 'date',
      label: F.date,
      hint: F.timeHint(timeZoneName(zone)),
      control: text('date', `min="${today}" max="${last}" required `),
    }),
    field({
      name: 'time',
      label: F.time,
      alsoDescribedBy: 'showing-date-hint',
      control: text(
        'time',
        `min="${pad(SHOWING_FIRST_HOUR)}:00" max="${pad(SHOWING_LAST_HOUR)}:00" step="900" required `,
      ),
    }),
    field({
      name: 'duration',
      label: F.duration,
      control: (id, describedBy) =>
        `<select class="ln-select" id="${id}" name="duration" aria-describedby="${describedBy}">${durations}</select>`,
    }),
    field({
      name: 'note',
      label: F.note,
      control: (id, describedBy) =>
        `<textarea class="ln-input listing-showing__note" id="${id}" name="note" rows="3" maxlength="${SHOWING_NOTE_MAX}" aria-describedby="${describedBy}"></textarea>`,
    }),
  ].join('');
  // People never see or reach the honeypot; a bot filling every field does.
  const trap = `<div class="listing-showing__trap" aria-hidden="true"><label for="showing-${LEAD_HONEYPOT_FIELD}">${esc(F.honeypot)}</label><input type="text" id="showing-${LEAD_HONEYPOT_FIELD}" name="${LEAD_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off" /></div>`;
  const form = `<form class="listing-showing__form" data-showing-form action="${esc(SHOWINGS_API.request(d.id))}" method="post" novalidate hidden data-sending="${esc(F.sending)}" data-fix-errors="${esc(F.fixErrors)}"><div class="ln-alert ln-alert--danger" role="alert" data-showing-summary tabindex="-1" hidden></div>${fields}${trap}<button type="submit" class="ln-btn ln-btn--primary">${esc(F.submit)}</button><p class="listing-showing__status" role="status" data-showing-status></p></form>`;
  const done =
    '<p class="ln-alert ln-alert--success" role="status" data-showing-done tabindex="-1" hidden></p>';
  return `<section class="listing-section listing-showing" aria-labelledby="listing-showing"><h2 id="listing-showing">${esc(F.heading)}</h2><p>${esc(F.intro)}</p><noscript><p>${esc(F.noScript)}</p></noscript>${form}${done}</section>`;
}
