import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
const PORT = 3902; const base = `http://127.0.0.1:${PORT}`;
const which = process.argv[2] ?? 'geocode';
const server = fork(join(import.meta.dirname, 'server.ts'), [], {
  execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'],
  env: { ...process.env, NODE_ENV: 'test', PORT: String(PORT), PUBLIC_URL: base, DATA_DIR: mkdtempSync(join(tmpdir(), 'lb-')), LOG_LEVEL: 'silent', DISABLE_RATE_LIMITS: 'true' },
});
await new Promise<void>((r) => server.once('message', () => r()));
const signUp = await fetch(`${base}/account/sign-up`, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ email: `p.${Date.now()}@example.com`, password: 'bench passphrase 2026' }) });
const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const path = which === 'bare' ? '/bench/bare' : which === 'user' ? '/api/user' : '/api/geocode?address=100+Main+St%2C+Springfield%2C+IL+62701&streetAddress=100+Main+St&city=Springfield&state=IL&zipCode=62701';
const r = await autocannon({ url: base + path, connections: 50, duration: 15, headers: { cookie } });
console.log(which, r.requests.average, r.latency.p99, r.non2xx);
server.send('close');
await new Promise((r) => server.once('exit', r));
