import { spawn } from 'node:child_process';

export interface CommandResult {
  /** The exit code; null when a signal ended it. */
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run a command to its end without blocking this thread. `spawnSync` would: Vitest's worker
 * then cannot answer its runner for as long as the command takes, and a command slower than
 * a minute on a loaded machine fails the run with "Timeout calling onTaskUpdate".
 */
export function runCommand(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}
