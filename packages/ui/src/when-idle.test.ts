import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

let readyState: MockInstance | undefined;
afterEach(() => {
  readyState?.mockRestore();
  vi.useRealTimers();
});

/** Until the window's load event, as while the page's scripts are still coming. */
function loading() {
  readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
}

/** The window's load event, by which time the document is complete. */
function loaded() {
  readyState?.mockRestore();
  window.dispatchEvent(new Event('load'));
}

describe('whenIdle', () => {
  it('waits for the load event, then for the browser to be idle', async () => {
    vi.useFakeTimers();
    loading();
    const task = vi.fn();
    whenIdle(task);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).not.toHaveBeenCalled();
    loaded();
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs when idle on a page that has loaded already', async () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task);
    await vi.advanceTimersByTimeAsync(200);
    expect(task).toHaveBeenCalledOnce();
  });

  it('never runs once cancelled, before or after the load event', async () => {
    vi.useFakeTimers();
    loading();
    const early = vi.fn();
    whenIdle(early)();
    loaded();
    const late = vi.fn();
    whenIdle(late)();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
