import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

// Prints what the first load of each page costs: the gzipped bytes of the JavaScript and CSS the
// browser fetched until the network went quiet, counted the way bundle-budget.e2e.ts counts them.
//   node scripts/first-load.ts http://127.0.0.1:3000 / /pricing /app/docs /blog

const [baseUrl, ...paths] = process.argv.slice(2);
if (!baseUrl || paths.length === 0) {
  process.stderr.write('usage: node scripts/first-load.ts <base url> <path>...\n');
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  for (const path of paths) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/\.(?:js|css)$/.test(pathname)) bodies.set(pathname, response.body());
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    const sizes = { js: 0, css: 0, files: 0 };
    for (const [file, body] of bodies) {
      const gzip = gzipSync(await body, { level: 9 }).length;
      if (file.endsWith('.css')) sizes.css += gzip;
      else sizes.js += gzip;
      sizes.files += 1;
    }
    process.stdout.write(
      `${path.padEnd(12)} JS ${kb(sizes.js).padStart(9)}  CSS ${kb(sizes.css).padStart(8)}  (${sizes.files} files)\n`,
    );
    await context.close();
  }
} finally {
  await browser.close();
}
