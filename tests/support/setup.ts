import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen loaded lazily (the payment provider, the code step) can take more than
// Testing Library's default second to arrive while the browser tests share the
// two cores (npm test): findBy* and waitFor wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  // Files marked `@vitest-environment node` have no DOM and no Web Storage.
  if (typeof document !== 'undefined') cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
