import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { runnerImport } from 'vite';
import { WEB_ROUTES_FILE, type WebRoutes } from '@spoke/shared/web-routes';
import { routePatterns } from '../src/app/route-patterns.ts';
import { prerenderedPaths } from './prerendered-pages.ts';

// Runs after `vite build` and precompress.ts: writes the address patterns of the app's pages into
// the build, read from the route table itself, so the server answers an address no page has with
// 404, and the addresses of the pages prerendered into dist/pages/ (scripts/prerender.ts), which
// it sends instead of index.html. The server reads this file and never sends it, so it needs no
// compressed copies.

const web = path.resolve(import.meta.dirname, '..');
/** The build's folder: `dist`, or the one named on the command line. */
const dist = path.resolve(process.argv[2] ?? path.join(web, 'dist'));

// routes.tsx is JSX and imports the app's layouts: Vite's module runner loads it as the build
// does. Every screen is lazy, so only the table and its layouts are evaluated.
const { module } = await runnerImport<{ routes: RouteObject[] }>(
  path.join(web, 'src/app/routes.tsx'),
  { root: web, configFile: false, logLevel: 'warn' },
);
const manifest: WebRoutes & { prerendered: string[] } = {
  patterns: routePatterns(module.routes),
  prerendered: await prerenderedPaths(dist),
};
await writeFile(path.join(dist, WEB_ROUTES_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
process.stdout.write(
  `wrote ${manifest.patterns.length} page patterns and ${manifest.prerendered.length} ` +
    `prerendered pages to ` +
    `${path.relative(process.cwd(), path.join(dist, WEB_ROUTES_FILE))}\n`,
);
