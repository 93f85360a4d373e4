import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias } from 'vite';

// The web app is written against React's API and built on Preact's compatibility layer (decision
// 031): the browser build (vite.config.ts), the prerender (scripts/prerender.ts) and the unit
// tests (vitest.config.ts) all resolve React's modules through these aliases, so that one copy of
// Preact renders the app and every library in it.

const require = createRequire(import.meta.url);

/** The folder of an installed package, found from the file its `main` names. */
function packageDir(name: string): string {
  const main = require.resolve(name);
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  return main.slice(0, main.lastIndexOf(marker) + marker.length);
}

const exact = (specifier: string) => new RegExp(`^${specifier.replace(/[/.]/g, '\\$&')}$`);

export const preactAliases: Alias[] = [
  { find: exact('react'), replacement: path.join(import.meta.dirname, 'react.ts') },
  { find: exact('react/jsx-runtime'), replacement: 'preact/compat/jsx-runtime' },
  { find: exact('react/jsx-dev-runtime'), replacement: 'preact/compat/jsx-dev-runtime' },
  { find: exact('react-dom'), replacement: 'preact/compat' },
  { find: exact('react-dom/client'), replacement: 'preact/compat/client' },
  { find: exact('react-dom/server'), replacement: 'preact/compat/server' },
  {
    find: exact('react-dom/static'),
    replacement: path.join(import.meta.dirname, 'react-dom-static.ts'),
  },
  { find: exact('react-dom/test-utils'), replacement: 'preact/test-utils' },
  // Under Node's conditions these two resolve to CommonJS builds, whose `require('react')` no
  // alias reaches: the real React would load beside Preact. Their ES module builds import it.
  {
    find: exact('lucide-react'),
    replacement: path.join(packageDir('lucide-react'), 'dist/esm/lucide-react.mjs'),
  },
  {
    find: exact('@testing-library/react'),
    replacement: path.join(
      packageDir('@testing-library/react'),
      'dist/@testing-library/react.esm.js',
    ),
  },
];

/**
 * The installed libraries that import React. Where Vite would leave them to Node (the prerender's
 * SSR build, the unit tests), they must go through Vite instead, for the aliases to reach them.
 */
export const reactLibraries: RegExp[] = [
  /[\\/]node_modules[\\/]@radix-ui[\\/]/,
  /[\\/]node_modules[\\/]@floating-ui[\\/]react-dom[\\/]/,
  /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]/,
  /[\\/]node_modules[\\/]@testing-library[\\/]react[\\/]/,
  /[\\/]node_modules[\\/]lucide-react[\\/]/,
  /[\\/]node_modules[\\/]react-(?:router|markdown|remove-scroll|remove-scroll-bar|style-singleton)[\\/]/,
  /[\\/]node_modules[\\/]use-(?:callback-ref|sidecar)[\\/]/,
];

/** The same libraries by package name, as Vite's `ssr.noExternal` takes them. */
export const reactLibraryNames: (string | RegExp)[] = [
  /^@radix-ui\//,
  '@floating-ui/react-dom',
  '@tanstack/react-query',
  '@testing-library/react',
  'lucide-react',
  'react-router',
  'react-markdown',
  'react-remove-scroll',
  'react-remove-scroll-bar',
  'react-style-singleton',
  'use-callback-ref',
  'use-sidecar',
];
