/** What a staff rule answers: done, or refused with the status and words for the person. */
export type Outcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      status: 403 | 404 | 409 | 422 | 502;
      message: string;
      errors?: Record<string, string[]>;
    };

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refuse = (
  status: 403 | 404 | 409 | 422 | 502,
  message: string,
  errors?: Record<string, string[]>,
): Outcome<never> => ({ ok: false, status, message, ...(errors ? { errors } : {}) });

/**
 * How a service runs the database phase that follows its outside call when that phase answers
 * an outcome: any `Commit` (`request.commit`, `commitAsItIs`) is one, and a route's may also
 * describe the change inside it (routes/_shared/commit.ts).
 */
export type CommitOutcome<T> = (work: () => Promise<Outcome<T>>) => Promise<Outcome<T>>;
