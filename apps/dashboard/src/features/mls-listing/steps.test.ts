import { describe, expect, it } from 'vitest';
import { firstUnfinishedStep, isStepOpen, nextStep, stepHref } from './steps.ts';

describe('MLS listing steps', () => {
  it('opens a step only when every step before it is done', () => {
    expect(isStepOpen('location', [])).toBe(true);
    expect(isStepOpen('form', [])).toBe(false);
    expect(isStepOpen('form', ['location'])).toBe(true);
    // A later step saved out of order does not open the one after a gap.
    expect(isStepOpen('photos', ['location', 'services'])).toBe(false);
    expect(isStepOpen('payment', ['location', 'form', 'services', 'photos'])).toBe(true);
  });

  it('resumes on the first unfinished step', () => {
    expect(firstUnfinishedStep([])).toBe('location');
    expect(firstUnfinishedStep(['location', 'form'])).toBe('services');
    expect(firstUnfinishedStep(['location', 'services'])).toBe('form');
    expect(firstUnfinishedStep(['location', 'form', 'services', 'photos', 'payment'])).toBe('sign');
    expect(
      firstUnfinishedStep(['location', 'form', 'services', 'photos', 'payment', 'sign', 'review']),
    ).toBe('manage');
  });

  it('knows the next step and each step’s address', () => {
    expect(nextStep('photos')).toBe('payment');
    expect(nextStep('payment')).toBe('sign');
    expect(nextStep('manage')).toBeNull();
    expect(stepHref('form', 'a b')).toBe('/dashboard/mls-listing/form?property=a%20b');
  });
});
