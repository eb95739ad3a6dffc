// @vitest-environment jsdom

import {
  EMPTY_PROPERTY_FACTS,
  PROPERTY_FACT_LABELS as LABELS,
  MESSAGES,
  VALUATION_TEXTS as T,
  type TValuationPage,
  VALUATION_CONDITIONS,
} from '@lantern/contracts';
import { VALUATION_PAGE_TEXTS as P } from '@lantern/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMockServer } from '../../../test/msw.ts';
import { FactsForm } from './facts-form.tsx';

afterEach(cleanup);

const { server, requests } = useMockServer();
const FACTS = '/api/dashboard/valuation/facts';

const wrap = (node: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the facts form', () => {
  it('sends an empty box as null and says the facts are saved', async () => {
    const answer: TValuationPage = {
      facts: { ...EMPTY_PROPERTY_FACTS, bathrooms: 2.5, livingArea: 1800, condition: 4 },
      factsUpdatedAt: '2026-11-29T14:00:00.000Z',
      unoffered: null,
      reports: [],
    };
    server.use(http.put(FACTS, () => HttpResponse.json(answer)));
    wrap(<FactsForm property="p1" facts={EMPTY_PROPERTY_FACTS} updatedAt={null} canEdit={true} />);
    const user = userEvent.setup();
    await user.type(input(LABELS.bathrooms), '2.5');
    await user.type(input(LABELS.livingArea), '1800');
    await user.selectOptions(screen.getByLabelText(LABELS.condition), VALUATION_CONDITIONS[4]);
    await user.click(screen.getByRole('button', { name: P.saveFacts }));

    expect(await screen.findByText(T.factsSaved)).toBeTruthy();
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(new URL(String(sent?.url)).pathname).toBe(FACTS);
    expect(sent?.method).toBe('PUT');
    expect(sent?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(await sent?.json()).toEqual({
      property: 'p1',
      facts: {
        bedrooms: null,
        bathrooms: 2.5,
        livingArea: 1800,
        lotSizeSquareFeet: null,
        yearBuilt: null,
        condition: 4,
      },
    });
  });

  it('clears a stored fact to null when its box is emptied', async () => {
    server.use(
      http.put(FACTS, async ({ request }) =>
        HttpResponse.json({
          facts: ((await request.json()) as { facts: unknown }).facts,
          factsUpdatedAt: null,
          unoffered: null,
          reports: [],
        }),
      ),
    );
    wrap(
      <FactsForm
        property="p1"
        facts={{ ...EMPTY_PROPERTY_FACTS, bedrooms: 3, livingArea: 1800 }}
        updatedAt={null}
        canEdit={true}
      />,
    );
    const user = userEvent.setup();
    expect(input(LABELS.bedrooms).value).toBe('3');
    await user.clear(input(LABELS.bedrooms));
    await user.click(screen.getByRole('button', { name: P.saveFacts }));
    expect(await screen.findByText(T.factsSaved)).toBeTruthy();
    const body = await requests[0]?.json();
    expect(body.facts.bedrooms).toBeNull();
    expect(body.facts.livingArea).toBe(1800);
  });

  it('shows a 422 under its field and keeps everything typed', async () => {
    const refusal = 'Enter the number of bedrooms as a whole number from 0 to 30.';
    server.use(
      http.put(FACTS, () =>
        HttpResponse.json(
          { message: MESSAGES.validationFailed, errors: { bedrooms: [refusal] } },
          { status: 422 },
        ),
      ),
    );
    wrap(<FactsForm property="p1" facts={EMPTY_PROPERTY_FACTS} updatedAt={null} canEdit={true} />);
    const user = userEvent.setup();
    await user.type(input(LABELS.bedrooms), '4');
    await user.type(input(LABELS.livingArea), '2100');
    await user.type(input(LABELS.yearBuilt), '1987');
    await user.click(screen.getByRole('button', { name: P.saveFacts }));

    const error = await screen.findByText(refusal);
    const bedrooms = input(LABELS.bedrooms);
    expect(bedrooms.getAttribute('aria-invalid')).toBe('true');
    expect(bedrooms.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(bedrooms);
    expect(bedrooms.value).toBe('4');
    expect(input(LABELS.livingArea).value).toBe('2100');
    expect(input(LABELS.yearBuilt).value).toBe('1987');
    expect(screen.queryByText(T.factsSaved)).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('reads a 422 that names the fields under facts. the same way', async () => {
    server.use(
      http.put(FACTS, () =>
        HttpResponse.json(
          { message: MESSAGES.validationFailed, errors: { 'facts.livingArea': [T.livingArea] } },
          { status: 422 },
        ),
      ),
    );
    wrap(<FactsForm property="p1" facts={EMPTY_PROPERTY_FACTS} updatedAt={null} canEdit={true} />);
    const user = userEvent.setup();
    await user.type(input(LABELS.livingArea), '2100');
    await user.click(screen.getByRole('button', { name: P.saveFacts }));
    expect(await screen.findByText(T.livingArea)).toBeTruthy();
    expect(input(LABELS.livingArea).value).toBe('2100');
  });

  it('says what is wrong before sending a figure out of range', async () => {
    wrap(<FactsForm property="p1" facts={EMPTY_PROPERTY_FACTS} updatedAt={null} canEdit={true} />);
    const user = userEvent.setup();
    await user.type(input(LABELS.bathrooms), '2.25');
    await user.click(screen.getByRole('button', { name: P.saveFacts }));
    expect(await screen.findByText(T.bathrooms)).toBeTruthy();
    expect(input(LABELS.bathrooms).value).toBe('2.25');
    expect(requests).toEqual([]);
  });
});
