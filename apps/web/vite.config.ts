import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiServer = 'http://127.0.0.1:3000';

/**
 * Once the browser's files are written, renders the public pages to static HTML with them
 * (scripts/prerender.ts, in its own process: it runs Vite's SSR build of src/entry-server.tsx).
 */
function prerender(): Plugin {
  let outDir = '';
  return {
    name: 'spoke:prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      handler() {
        if (this.environment.config.consumer !== 'client') return;
        execFileSync(
          process.execPath,
          [path.join(import.meta.dirname, 'scripts/prerender.ts'), outDir],
          { stdio: 'inherit' },
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), prerender()],
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/registry': { target: apiServer, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // For scripts/prerender.ts: which files each page's modules need. It removes the file after.
    manifest: true,
    rolldownOptions: {
      output: {
        // One public prefix for every built file, so the server can cache /js/* for a year.
        entryFileNames: 'js/[name]-[hash].js',
        chunkFileNames: 'js/[name]-[hash].js',
        assetFileNames: 'js/[name]-[hash][extname]',
        // Libraries every screen needs get stable, named chunks that survive app-only releases.
        // Anything else stays with the screens that import it, so the landing page stays small.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            {
              name: 'router',
              test: /node_modules[\\/]react-router[\\/]/,
            },
            // The query keys features share ride with the query library, never a chunk alone.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/]|src[\\/]lib[\\/]query-keys\.ts$/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
