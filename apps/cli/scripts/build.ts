import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const src = path.join(root, 'src');

/** Where a source file's bundle goes, relative to dist/: src/commands/init.ts -> commands/init.js. */
const outputOf = (file: string) =>
  file === path.join(src, 'index.ts')
    ? 'spoke.js'
    : path.relative(src, file).replace(/\.ts$/, '.js').split(path.sep).join('/');

/**
 * Leaves each dynamic import as an import of the target's own bundle, and collects the targets
 * so that they can be bundled in turn. The importers end up in dist/spoke.js or dist/cli.js, so
 * paths are relative to dist/.
 */
function lazyModules(targets: Set<string>): Plugin {
  return {
    name: 'lazy-modules',
    setup(b) {
      b.onResolve({ filter: /^\./ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const file = path.resolve(args.resolveDir, args.path);
        targets.add(file);
        return { path: `./${outputOf(file)}`, external: true };
      });
    },
  };
}

/**
 * Bundles the CLI so that each command line loads a handful of modules (every ES module costs
 * Node memory, and the target is under 50 MB):
 * - dist/spoke.js, the entry, answers --version by itself;
 * - dist/cli.js holds the parser, the command table and the help;
 * - dist/commands/<name>.js holds one command with everything it needs (zod, the registry
 *   client; later the MCP SDK for the commands that start servers), self-contained, so a
 *   command never loads another one's code. Shared code is repeated on disk, not in memory.
 */
export async function buildCli(): Promise<void> {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  const common: BuildOptions = {
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minifySyntax: true,
    minifyWhitespace: true,
    define: { SPOKE_VERSION: JSON.stringify(version) },
    logLevel: 'warning',
  };
  const lazy = new Set<string>();
  await build({
    ...common,
    entryPoints: { spoke: 'src/index.ts', cli: 'src/cli.ts' },
    outdir: 'dist',
    plugins: [lazyModules(lazy)],
  });
  lazy.delete(path.join(src, 'cli.ts'));
  await build({
    ...common,
    entryPoints: [...lazy],
    outbase: 'src',
    outdir: 'dist',
    // CommonJS dependencies of the MCP SDK (cross-spawn) require Node builtins at run time.
    banner: {
      js: "import{createRequire as __spokeRequire}from'node:module';const require=__spokeRequire(import.meta.url);",
    },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
