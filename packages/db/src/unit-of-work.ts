import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './db-types.ts';

/**
 * A unit of work (issue 40; docs/decisions/067-unit-of-work.md): one transaction that every query
 * made through the database handle joins while it is open, and the work to do once it commits.
 * A request that changes data runs in one, so its change and its activity-log row commit or fail
 * together, and mail, webhook and event work is stored with the change and started after it.
 */
interface UnitOfWork {
  /** Null once the transaction has ended: late work started inside it uses the database again. */
  tx: Tx | null;
  afterCommit: Array<() => unknown>;
}

const current = new AsyncLocalStorage<UnitOfWork>();

/** The open transaction of the unit of work this code runs in, if any. */
export function ambientTx(): Tx | null {
  return current.getStore()?.tx ?? null;
}

/**
 * The database handle that joins the ambient unit of work: outside one it is `root` itself;
 * inside, every query (and `transaction`, which becomes a savepoint) goes to its transaction.
 */
export function joiningUnitOfWork(root: Db): Db {
  return new Proxy(root, {
    get(target, prop) {
      const handle: object = ambientTx() ?? target;
      const value = Reflect.get(handle, prop, handle);
      return typeof value === 'function' ? value.bind(handle) : value;
    },
  });
}

export interface UnitOfWorkOptions {
  /** Hears a failure of after-commit work, which never changes the caller's result. */
  onAfterCommitError: (err: unknown) => void;
}

/**
 * Runs `work` in one transaction on `db` (joining one already open), then the after-commit work
 * in order. A throw rolls everything back and skips the after-commit work.
 */
export async function inUnitOfWork<T>(
  db: Db,
  work: () => Promise<T>,
  options: UnitOfWorkOptions,
): Promise<T> {
  if (ambientTx()) return work();
  const unit: UnitOfWork = { tx: null, afterCommit: [] };
  let result: T;
  try {
    result = await db.transaction((tx) => {
      unit.tx = tx;
      return current.run(unit, work);
    });
  } finally {
    unit.tx = null;
  }
  for (const task of unit.afterCommit) {
    try {
      await task();
    } catch (err) {
      options.onAfterCommitError(err);
    }
  }
  return result;
}

/**
 * Work that must see the change committed (start a job, tell other instances): after the
 * ambient unit of work commits, awaited before its caller answers; at once when there is none.
 */
export async function afterCommit(task: () => unknown): Promise<void> {
  const unit = current.getStore();
  if (unit?.tx) unit.afterCommit.push(task);
  else await task();
}

/**
 * How a service that calls an outside service runs its database phase once that call is made:
 * a route passes `request.commit` (a unit of work ending with the request's activity row, so the
 * change and its record commit together); other callers pass `commitAsItIs`.
 */
export type Commit = <T>(work: () => Promise<T>) => Promise<T>;

/** A `Commit` that adds no transaction: for jobs and scripts, whose writes record themselves. */
export const commitAsItIs: Commit = (work) => work();

/** Runs `fn` outside any unit of work: background work that must not join a request's. */
export function detachedFromUnitOfWork<T>(fn: () => T): T {
  return current.exit(fn);
}

/**
 * For adapters of outside services (payments, geocoding, storage, SMTP…): a transaction open
 * across a call to the network would hold PGlite's one connection, and PostgreSQL locks, for
 * as long as the service takes. Such a route opens its unit of work after the call.
 */
export function assertNoUnitOfWork(service: string): void {
  if (ambientTx()) {
    throw new Error(`${service} was called inside a database transaction; call it before one`);
  }
}
