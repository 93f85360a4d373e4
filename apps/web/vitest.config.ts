import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Several find* waits in one test, each up to 5 s on a busy machine (see setup.ts).
    testTimeout: 20_000,
  },
});
