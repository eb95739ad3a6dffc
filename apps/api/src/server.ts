// The server's entry (`node apps/api/src/server.ts`, what `pnpm start` and the Docker image run):
// first the memory settings the process must start with, then the server itself (serve.ts),
// loaded only once the process runs with them, so nothing is loaded twice.
import { ensureMemorySettings } from './lib/memory-settings.ts';

ensureMemorySettings();
await import('./serve.ts');
