/**
 * What `zod` resolves to in the browser bundles (the apps' Vite alias): zod itself, switched to
 * its jitless mode first. Otherwise zod probes `new Function` before its first parse, which our
 * Content-Security-Policy refuses and reports as a violation on every page (issue 12).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
