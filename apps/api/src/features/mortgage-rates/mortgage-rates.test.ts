import { describe, expect, it, vi } from 'vitest';
import { createLocalBus } from '../../lib/event-bus.ts';
import type { MortgageRateRepository, StoredMortgageRate } from './mortgage-rates.repository.ts';
import { createMortgageRates } from './mortgage-rates.ts';

const RATE: StoredMortgageRate = {
  id: 1,
  rateThousandths: 6_875,
  asOf: '2026-11-26',
  source: 'A weekly survey',
  sourceUrl: null,
  createdAt: new Date('2026-11-27T12:00:00Z'),
  setByName: null,
  setByEmail: null,
};

describe('the current mortgage rate', () => {
  it('is read once, then from the cache until the bus says staff set a new one', async () => {
    const bus = createLocalBus();
    const current = vi.fn(async (): Promise<StoredMortgageRate | undefined> => undefined);
    const rates = createMortgageRates({
      repo: { current } as unknown as MortgageRateRepository,
      bus,
    });
    const changes = vi.fn();
    rates.onChange(changes);

    expect(await rates.current()).toBeNull();
    expect(await rates.current()).toBeNull();
    expect(current).toHaveBeenCalledTimes(1);

    current.mockResolvedValue(RATE);
    await bus.publish('mortgage-rate.changed', {});
    await vi.waitFor(() => expect(changes).toHaveBeenCalledTimes(1));
    expect(await rates.current()).toEqual({
      rateThousandths: 6_875,
      asOf: '2026-11-26',
      source: 'A weekly survey',
      sourceUrl: null,
    });
    expect(current).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed read', async () => {
    const current = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(RATE);
    const rates = createMortgageRates({
      repo: { current } as unknown as MortgageRateRepository,
      bus: createLocalBus(),
    });
    await expect(rates.current()).rejects.toThrow('down');
    expect((await rates.current())?.rateThousandths).toBe(6_875);
  });
});
