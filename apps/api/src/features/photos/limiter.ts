/**
 * At most `n` tasks at once; the rest wait their turn, first come first served. A finishing task
 * hands its place straight to the next waiting one, so a task arriving in between cannot take it.
 */
export function limiter(n: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((go) => queue.push(go));
    else active++;
    try {
      return await task();
    } finally {
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  };
}
