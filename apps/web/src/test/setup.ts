import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's first render loads its lazy chunks, which Vite transforms on demand: on a busy
// machine that alone can take longer than Testing Library's 1 s default for find* queries.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
