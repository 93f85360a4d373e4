import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';

// Preact runs effects after the next animation frame, or 35 ms later where frames never come, as
// in jsdom; React's scheduler runs them in a task right after the render, and the app's focus
// handling was written (and is tested) against that. The browser's own timing is unchanged.
options.requestAnimationFrame = (flush) => {
  setTimeout(flush);
};

// A screen's first render loads its lazy chunks, which Vite transforms on demand: on a busy
// machine that alone can take longer than Testing Library's 1 s default for find* queries.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
