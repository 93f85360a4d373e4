import { defineProject } from 'vitest/config';
import { preactAliases, reactLibraries } from './compat/aliases.ts';

export default defineProject({
  // The app renders on preact/compat here as in the browser (decision 031).
  resolve: { alias: preactAliases },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Several find* waits in one test, each up to 5 s on a busy machine (see setup.ts).
    testTimeout: 20_000,
    // Left to Node, the libraries that import React would load the real one beside Preact.
    server: { deps: { inline: reactLibraries } },
  },
});
