import { spawn } from 'node:child_process';

export interface CommandResult {
  /** Exit code, or null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** The last OUTPUT_KEEP characters of stdout and stderr together, in the order they came. */
  output: string;
}

/** Enough of a build's output to show why it failed; the start of a long log rarely does. */
const OUTPUT_KEEP = 16_000;
/** After the timeout's SIGTERM, this long for the command to stop before SIGKILL. */
const KILL_GRACE_MS = 5_000;

/**
 * Run a program with arguments, no shell, in its own process group so a timeout ends the whole
 * tree (a `pnpm … build` starts node, which starts more). Never rejects for the command's own
 * failure; rejects only when the program cannot be started (not found, not executable).
 */
export function runCommand(
  argv: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<CommandResult> {
  const [program, ...args] = argv;
  if (!program) return Promise.reject(new Error('no program to run'));
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      shell: false,
    });
    let output = '';
    let timedOut = false;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEEP);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    };
    let grace: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup('SIGTERM');
      grace = setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS);
      grace.unref();
    }, options.timeoutMs);
    timer.unref();
    child.once('error', (err) => {
      clearTimeout(timer);
      if (grace) clearTimeout(grace);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (grace) clearTimeout(grace);
      // Whatever the command left running in its group goes with it.
      if (timedOut) killGroup('SIGKILL');
      resolve({ code, signal, timedOut, output });
    });
  });
}
