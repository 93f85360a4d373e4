import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { preactAliases } from './compat/aliases.ts';

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
  // The app is built on preact/compat (decision 031). The preset compiles JSX for Preact and
  // refreshes components in the development server; its own aliases give way to ours, which add
  // what React 19's API has and Preact's lacks.
  plugins: [preact({ reactAliasesEnabled: false }), tailwindcss(), prerender()],
  resolve: { alias: preactAliases },
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
              name: 'preact',
              test: /node_modules[\\/]preact[\\/]|[\\/]compat[\\/]react\.ts$/,
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
