// `pnpm lint:commits` (part of `pnpm lint`): every commit after BASE that is not a merge has a
// subject of at most 72 characters and a body that says why (CONTRIBUTING.md "Commits"). Plain
// Node with no dependencies, so it runs on a fresh clone before anything is built; a shallow
// clone that lacks BASE cannot tell which commits are new, so it says so and passes.
import { execFileSync } from 'node:child_process';

/** main when the rule began (issue 43); older commits are as they were written. */
const BASE = '6093941b';
const MAX_SUBJECT = 72;

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function has(ref) {
  try {
    git('cat-file', '-e', `${ref}^{commit}`);
    return true;
  } catch {
    return false;
  }
}

/** Why a commit breaks the rule, or nothing. */
function commitProblems(subject, body) {
  const problems = [];
  const length = [...subject].length;
  if (length > MAX_SUBJECT)
    problems.push(`subject is ${length} characters (at most ${MAX_SUBJECT})`);
  const said = body
    .split('\n')
    .filter((line) => line.trim() && !/^([\w-]+-by|Change-Id): /i.test(line));
  if (said.length === 0) problems.push('no body saying why (trailers alone do not count)');
  return problems;
}

function main() {
  try {
    git('rev-parse', '--git-dir');
  } catch {
    console.log('check-commits: not a git repository; skipped.');
    return;
  }
  if (!has(BASE)) {
    if (git('rev-parse', '--is-shallow-repository').trim() === 'true') {
      console.log(
        `check-commits: shallow clone without ${BASE}; skipped (git fetch --unshallow to check).`,
      );
      return;
    }
    console.error(`check-commits: the base commit ${BASE} is not in this repository.`);
    process.exitCode = 1;
    return;
  }
  const log = git('log', '--no-merges', '--format=%h%x00%s%x00%b%x1e', `${BASE}..HEAD`);
  const bad = [];
  for (const record of log.split('\x1e')) {
    const [hash, subject, body = ''] = record.replace(/^\n/, '').split('\0');
    if (!hash) continue;
    for (const problem of commitProblems(subject, body))
      bad.push(`${hash} "${subject}": ${problem}`);
  }
  if (bad.length) {
    console.error(`Commits after ${BASE} that break the commit rules (CONTRIBUTING.md "Commits"):`);
    for (const line of bad) console.error(`  ${line}`);
    console.error('Reword them before merging: git rebase -i, then "reword".');
    process.exitCode = 1;
  }
}

main();
