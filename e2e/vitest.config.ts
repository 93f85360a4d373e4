import { defineConfig } from 'vitest/config';

// Browser tests: the built web app served by the real server, driven in real Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium at a time fits a 2-core machine.
    fileParallelism: false,
  },
});
