// @vitest-environment jsdom
import {
  ESIGN_DISCLOSURE,
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_MANAGE_TEXTS as LM,
  MLS_LISTING_LIFECYCLE_API,
  PHOTO_SHOOT_API,
  type TListingManage,
} from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMockServer } from '../../../test/msw.ts';
import { PhotosChangeForm, PriceChangeForm, StatusChangeForm } from './manage-forms.tsx';

afterEach(cleanup);

const { server, requests } = useMockServer();

const data: TListingManage = {
  hash: 'l1',
  status: 'live',
  standardStatus: 'Active',
  ended: false,
  mlsNumber: 'WY123456',
  board: 'Wyoming MLS',
  liveAt: '2026-11-20T12:00:00.000Z',
  ListPrice: 450_000,
  PublicRemarks: 'Bright home.',
  ExpirationDate: '2027-05-20',
  closed: null,
  canEdit: true,
  youAreOwner: true,
  photoCount: 1,
  photos: [
    {
      hash: 'own1',
      position: 0,
      caption: '',
      status: 'ready',
      error: null,
      fileName: 'front.jpg',
      bytes: 10,
      width: 1600,
      height: 1200,
      urls: { thumb: '/t/own1', web: '/w/own1' },
    },
  ],
  priceChanges: { used: 1, limit: 3, days: 30, nextOn: null, refusal: null },
  requestableStatuses: ['ActiveUnderContract', 'Pending', 'Withdrawn', 'Canceled', 'Closed'],
  renewal: null,
  agreement: null,
  changes: [],
  disclosure: {
    version: ESIGN_DISCLOSURE.version,
    title: ESIGN_DISCLOSURE.title,
    sections: ESIGN_DISCLOSURE.sections.map((s) => ({ ...s })),
    consentLabel: ESIGN_DISCLOSURE.consentLabel,
  },
};

const wrap = (node: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

describe('the change forms', () => {
  it('asks for the sale price and closing date only for Closed, before sending anything', async () => {
    wrap(<StatusChangeForm data={data} property="p1" />);
    const user = userEvent.setup();
    expect(screen.queryByLabelText(LM.closePrice)).toBeNull();
    await user.selectOptions(screen.getByLabelText(LM.newStatus), 'Closed');
    expect(screen.getByLabelText(LM.closePrice)).toBeTruthy();
    expect(screen.getByLabelText(LM.closeDate)).toBeTruthy();
    await user.click(screen.getByLabelText(ESIGN_DISCLOSURE.consentLabel));
    await user.click(screen.getByRole('button', { name: LM.signAndSend }));
    expect(await screen.findAllByText(L.closeNeedsPriceAndDate)).toHaveLength(2);
    expect(requests).toEqual([]);
  });

  it('shows the refusal with its date and keeps the price typed', async () => {
    const refusal = L.priceLimit('December 24, 2026');
    server.use(
      http.post(MLS_LISTING_LIFECYCLE_API.changes, () =>
        HttpResponse.json({ message: refusal }, { status: 409 }),
      ),
    );
    wrap(<PriceChangeForm data={data} property="p1" />);
    const user = userEvent.setup();
    const price = screen.getByLabelText(LM.newPrice) as HTMLInputElement;
    await user.type(price, '$425,000');
    await user.click(screen.getByLabelText(ESIGN_DISCLOSURE.consentLabel));
    await user.click(screen.getByRole('button', { name: LM.signAndSend }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(price.value).toBe('$425,000');
    expect(screen.getByText(LM.priceUsed(1))).toBeTruthy();
  });

  it('sends the photos chosen, delivered ones too, in the order they were ticked', async () => {
    const delivered = { ...data.photos[0], hash: 'shot1', fileName: 'garden.jpg' };
    const sent: unknown[] = [];
    server.use(
      http.get(PHOTO_SHOOT_API.gallery, () =>
        HttpResponse.json({
          shoots: [
            { workOrder: 'w1', deliveredAt: '2026-11-28T00:00:00.000Z', photos: [delivered] },
          ],
          target: null,
          inReview: false,
        }),
      ),
      http.post(MLS_LISTING_LIFECYCLE_API.changes, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'no' }, { status: 409 });
      }),
    );
    wrap(<PhotosChangeForm data={data} property="p1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /garden\.jpg/ }));
    await user.click(screen.getByRole('checkbox', { name: /front\.jpg/ }));
    expect(screen.getByText('Photo 2')).toBeTruthy();
    await user.type(screen.getByLabelText(LM.photosInstructions), 'Garden first.');
    await user.click(screen.getByLabelText(ESIGN_DISCLOSURE.consentLabel));
    await user.click(screen.getByRole('button', { name: LM.signAndSend }));
    await screen.findByText('no');
    expect(sent).toEqual([
      expect.objectContaining({
        details: { kind: 'photos', instructions: 'Garden first.', photos: ['shot1', 'own1'] },
      }),
    ]);
  });
});
