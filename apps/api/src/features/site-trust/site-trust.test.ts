import { describe, expect, it, vi } from 'vitest';
import { createLocalBus } from '../../lib/event-bus.ts';
import type { SiteTrustRepository } from './site-trust.repository.ts';
import { createSiteTrust, HOMES_LISTED_TTL_MS } from './site-trust.ts';

/** A repository with no notices or ratings and a count of homes the test sets. */
function fakeRepo(count: { n: number }) {
  const homesListed = vi.fn(async () => count.n);
  const repo = {
    notices: async () => [],
    reviews: async () => [],
    homesListed,
  } as unknown as SiteTrustRepository;
  return { repo, homesListed };
}

describe('the homes-listed counter', () => {
  it('shows nothing below the floor, the count from it; read at most once per TTL', async () => {
    const count = { n: 99 };
    const { repo, homesListed } = fakeRepo(count);
    let now = 0;
    const trust = createSiteTrust({ repo, bus: createLocalBus(), now: () => now, floor: 100 });
    const changes = vi.fn();
    trust.onChange(changes);

    expect((await trust.trust()).homesListed).toBeNull();
    count.n = 100;
    now = HOMES_LISTED_TTL_MS - 1;
    // Still the figure read a moment ago: no query per page view.
    expect((await trust.trust()).homesListed).toBeNull();
    expect(homesListed).toHaveBeenCalledTimes(1);

    now = HOMES_LISTED_TTL_MS;
    expect((await trust.trust()).homesListed).toBe(100);
    expect(homesListed).toHaveBeenCalledTimes(2);
    // A new figure shown: the pages kept with the old one are dropped.
    expect(changes).toHaveBeenCalledTimes(1);

    now = 2 * HOMES_LISTED_TTL_MS;
    await trust.trust();
    // The same figure: nothing kept is dropped.
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('refreshes in the background for a kept page, without waiting', async () => {
    const count = { n: 150 };
    const { repo, homesListed } = fakeRepo(count);
    let now = 0;
    const trust = createSiteTrust({ repo, bus: createLocalBus(), now: () => now, floor: 100 });
    expect((await trust.trust()).homesListed).toBe(150);
    const changes = vi.fn();
    trust.onChange(changes);
    count.n = 151;
    trust.refreshIfStale(() => {});
    expect(homesListed).toHaveBeenCalledTimes(1);
    now = HOMES_LISTED_TTL_MS;
    trust.refreshIfStale(() => {});
    await vi.waitFor(() => expect(changes).toHaveBeenCalledTimes(1));
    expect((await trust.trust()).homesListed).toBe(151);
  });

  it('drops its cached notices and tells the kept pages when the bus says staff changed them', async () => {
    const bus = createLocalBus();
    const { repo } = fakeRepo({ n: 0 });
    const notices = vi.fn(async () => []);
    repo.notices = notices;
    const trust = createSiteTrust({ repo, bus });
    const changes = vi.fn();
    trust.onChange(changes);
    await trust.trust();
    await trust.trust();
    expect(notices).toHaveBeenCalledTimes(1);
    await bus.publish('site-settings.changed', {});
    await vi.waitFor(() => expect(changes).toHaveBeenCalledTimes(1));
    await trust.trust();
    expect(notices).toHaveBeenCalledTimes(2);
  });
});
