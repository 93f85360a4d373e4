import { fs } from './builtins.ts';

// The bundler replaces SPOKE_VERSION with the package version; the TypeScript sources read it
// from package.json instead.
declare const SPOKE_VERSION: string | undefined;

export function version(): string {
  if (typeof SPOKE_VERSION === 'string') return SPOKE_VERSION;
  const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
