import { SHOWING_TEXTS } from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import { actionLabel, linkFacts, linkToken, type ShowingLinkView } from './showing-link.ts';

const view: ShowingLinkView = {
  side: 'seller',
  status: 'Pending',
  turn: 'buyer',
  address: '12 Elm St, Springfield, IL 62701',
  listingUrl: null,
  timeZone: 'America/Chicago',
  start: '2026-07-04T15:30:00.000Z',
  durationMinutes: 30,
  proposedStart: '2026-07-05T19:00:00.000Z',
  buyerName: 'Casey',
  note: 'Garden, please.',
  actions: ['propose', 'decline'],
  notice: null,
  message: null,
};

describe('the mailed showing link page', () => {
  it('reads the token from the fragment, or the query of an older link', () => {
    expect(linkToken('#token=a.b%2Bc', '')).toBe('a.b+c');
    expect(linkToken('', '?token=q')).toBe('q');
    expect(linkToken('#other=1', '')).toBeNull();
  });

  it('lists the request in the home’s time, with what only the seller sees', () => {
    const facts = Object.fromEntries(linkFacts(view));
    expect(facts.Status).toBe('Waiting for an answer');
    expect(facts.When).toMatch(/Saturday, July 4, 2026 at 10:30\sAM CDT \(30 minutes\)/);
    expect(facts['Proposed time']).toMatch(/2:00\sPM CDT/);
    expect(facts.Buyer).toBe('Casey');
    expect(
      Object.keys(
        Object.fromEntries(
          linkFacts({ ...view, buyerName: null, note: null, proposedStart: null }),
        ),
      ),
    ).toEqual(['Home', 'Status', 'When']);
  });

  it('words the buyer’s confirm as taking the proposed time', () => {
    expect(actionLabel('confirm', 'buyer')).toBe(SHOWING_TEXTS.actions.acceptProposal);
    expect(actionLabel('confirm', 'seller')).toBe(SHOWING_TEXTS.actions.confirm);
  });
});
