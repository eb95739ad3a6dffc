import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * One process at a time on a PGlite data folder (issue 41): PGlite is a single-process
 * database, and a second process writing the same files loses what it wrote without an error.
 * The lock is a file beside the folder (`<folder>.lock`, so a dump of the folder never carries
 * it) holding the holder's pid, its start time and what it is. A lock whose process has ended
 * (a crash, SIGKILL) is stale and taken over, so no folder stays locked for good.
 */
export class FolderInUseError extends Error {
  constructor(folder: string, holder: LockInfo) {
    super(
      `The database folder ${folder} is in use by ${holder.holder} (pid ${holder.pid}); stop it first.`,
    );
    this.name = 'FolderInUseError';
  }
}

interface LockInfo {
  pid: number;
  /** The process's start time (Linux: /proc/<pid>/stat), so a reused pid is not mistaken. */
  started: string | null;
  holder: string;
}

/** Folders this process holds: a pid equal to ours in a lock we did not take is a past life. */
const held = new Set<string>();

/** Take the lock on `folder` for `holder` ("the server on port 3000"), or throw FolderInUseError. */
export function lockFolder(folder: string, holder: string): () => void {
  const path = `${folder}.lock`;
  const mine: LockInfo = { pid: process.pid, started: startTime(process.pid), holder };
  const temp = `${path}.${process.pid}`;
  mkdirSync(dirname(path), { recursive: true });
  // Written whole under a private name, then linked into place: no reader sees half a file.
  writeFileSync(temp, JSON.stringify(mine));
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(temp, path);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
        const current = readLock(path);
        if (current && isAlive(current, path)) throw new FolderInUseError(folder, current);
        unlinkSync(path); // stale: its process is gone
      }
    }
  } catch (err) {
    if (err instanceof FolderInUseError) throw err;
    const current = readLock(path);
    throw current ? new FolderInUseError(folder, current) : err;
  } finally {
    unlinkSync(temp);
  }
  held.add(path);
  const release = () => {
    if (!held.delete(path)) return;
    if (readLock(path)?.pid === process.pid) unlinkSync(path);
    process.off('exit', release);
  };
  // process.exit() skips close(); the lock still goes.
  process.on('exit', release);
  return release;
}

function readLock(path: string): LockInfo | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
  } catch {
    return undefined; // gone meanwhile, or unreadable: treated as stale
  }
}

function isAlive(lock: LockInfo, path: string): boolean {
  if (lock.pid === process.pid) return held.has(path);
  try {
    process.kill(lock.pid, 0);
  } catch (err) {
    // EPERM: alive, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // Alive: the same process only if it started when the holder did (a container restart
  // hands out the same small pids again).
  const started = startTime(lock.pid);
  return started === null || lock.started === null || started === lock.started;
}

/** Field 22 of /proc/<pid>/stat (start time since boot), or null where there is no /proc. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
