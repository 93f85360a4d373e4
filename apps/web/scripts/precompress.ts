import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// Runs after `vite build`: writes `<file>.br` and `<file>.gz` next to every text file of the
// build, compressed once with the strongest settings. The server sends these files as they are
// (@fastify/static's `preCompressed`) instead of compressing the same bytes on every request.

/** The build's folder: `dist`, or the one named on the command line. */
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** The server's own threshold: smaller answers are not worth compressing. */
const MIN_BYTES = 1024;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return filesUnder(full);
      return Promise.resolve(e.isFile() && TEXT.test(e.name) ? [full] : []);
    }),
  );
  return nested.flat();
}

async function precompress(file: string) {
  const raw = await readFile(file);
  const variants = [
    {
      ext: '.br',
      make: () =>
        br(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
    },
    { ext: '.gz', make: () => gz(raw, { level: constants.Z_BEST_COMPRESSION }) },
  ];
  const sizes = { raw: raw.length, br: raw.length, gz: raw.length };
  for (const { ext, make } of variants) {
    const target = file + ext;
    // A file that compresses to no gain is sent as it is.
    const packed = raw.length >= MIN_BYTES ? await make() : undefined;
    if (packed && packed.length < raw.length) {
      await writeFile(target, packed);
      sizes[ext === '.br' ? 'br' : 'gz'] = packed.length;
    } else {
      await rm(target, { force: true });
    }
  }
  return sizes;
}

const files = await filesUnder(dist);
const results = await Promise.all(files.map(precompress));
const total = (key: 'raw' | 'br' | 'gz') =>
  `${Math.round(results.reduce((sum, r) => sum + r[key], 0) / 1024)} KB`;
process.stdout.write(
  `precompressed ${files.length} files in ${path.relative(process.cwd(), dist) || '.'}: ` +
    `${total('raw')}, brotli ${total('br')}, gzip ${total('gz')}\n`,
);
