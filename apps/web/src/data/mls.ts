import type { TMlsBoard } from '@lantern/contracts';

/**
 * The MLS directory in the order the pages list it, by name. The boards come from the server on
 * each request (`Astro.locals.site`), as staff left them on Admin → MLS boards.
 */
export function byName(boards: readonly TMlsBoard[]): TMlsBoard[] {
  return [...boards].sort((a, b) => a.name.localeCompare(b.name));
}

/** The boards that serve a state. */
export function boardsForState(boards: readonly TMlsBoard[], state: string): TMlsBoard[] {
  return boards.filter((b) => b.states.includes(state));
}
