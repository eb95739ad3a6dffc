import { configure } from '@testing-library/dom';

// findBy… and waitFor wait up to 5 s instead of 1 s: on CI's two shared cores a component test's
// msw answer and re-render have taken longer than a second (valuation-panel.test.tsx timed out).
// A limit for hangs, not for speed, as `testTimeout` is (speed is `pnpm bench`'s).
configure({ asyncUtilTimeout: 5_000 });
