import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PAGE_BOOT_SCRIPT } from '@spoke/shared/page-boot';
import { registerUser, type Session } from './app-session.ts';
import { gotoHydrated, launchBrowser } from './browser.ts';
import { CONTENT_PAGES, routesSource } from './content-pages.ts';

// Every answer of the real server, pages and API alike, carries the CSP and the security headers;
// and Chromium enforces that CSP on the pages.
const baseUrl = inject('baseUrl');
const root = path.resolve(import.meta.dirname, '../..');

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
  'x-download-options': 'noopen',
  // The legacy XSS filter is switched off: it caused leaks of its own; the CSP does the work.
  'x-xss-protection': '0',
};

/** The prerendered pages' boot script, the one inline script allowed, by its hash. */
const BOOT_HASH = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`;

/**
 * Directives the CSP must hold, exactly: no inline script but the boot script, no eval'd script,
 * no plugins, no framing.
 */
const CSP_DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  'script-src': `'self' ${BOOT_HASH}`,
  'script-src-attr': "'none'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'frame-ancestors': "'none'",
  'form-action': "'self'",
  'connect-src': "'self'",
};

function parseCsp(header: string): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values.join(' '));
  }
  return directives;
}

function expectSecurityHeaders(response: Response, what: string): void {
  const csp = response.headers.get('content-security-policy');
  expect(csp, `${what}: content-security-policy`).toBeTruthy();
  const directives = parseCsp(csp ?? '');
  for (const [name, value] of Object.entries(CSP_DIRECTIVES)) {
    expect(directives.get(name), `${what}: CSP ${name}`).toBe(value);
  }
  // The registry is readable from other sites, as the official MCP registry is.
  const registry = new URL(response.url).pathname.startsWith('/registry/');
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    const expected = registry && name === 'cross-origin-resource-policy' ? 'cross-origin' : value;
    expect(response.headers.get(name), `${what}: ${name}`).toBe(expected);
  }
  // Nothing that names the server software.
  expect(response.headers.get('x-powered-by'), what).toBeNull();
  expect(response.headers.get('server'), what).toBeNull();
}

/**
 * A concrete address for every `path:` in routes.tsx, at the top level and under /app, so a
 * screen added there is covered without touching this file.
 */
function pagePaths(): string[] {
  const declared = [...routesSource.matchAll(/path: '([^']+)'/g)].map((match) => match[1] ?? '');
  expect(declared.length).toBeGreaterThan(10);
  expect(CONTENT_PAGES.length).toBeGreaterThan(5);
  const samples = [...declared, ...CONTENT_PAGES].map((pattern) =>
    pattern.replace(/:[a-z]+/g, 'sample-id').replace(/\*$/, 'commands/workspaces'),
  );
  return [
    '/',
    ...new Set(samples.flatMap((sample) => [`/${sample}`, `/app/${sample}`])),
    '/no-such-page',
    '/app/docs/a-tab-not-written-yet',
    '/blog/the-spoke-cli-in-five-minutes',
    '/login?next=%2Fapp%2Fsettings',
  ];
}

function assets(): string[] {
  const html = readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1] ?? '');
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  return files;
}

let session: Session;
beforeAll(async () => {
  session = await registerUser();
});

describe('security headers on every answer', () => {
  it('every page of routes.tsx, the 404 page, docs and blog: HTML with the headers', async () => {
    const paths = pagePaths();
    for (const page of paths) {
      const response = await fetch(`${baseUrl}${page}`);
      // An address no page has (some of the /app/ variants) is a 404 with the same page.
      expect([200, 404], page).toContain(response.status);
      if (page === '/no-such-page') expect(response.status).toBe(404);
      expect(response.headers.get('content-type'), page).toBe('text/html; charset=utf-8');
      expectSecurityHeaders(response, page);
      await response.arrayBuffer();
    }
    console.log(`${paths.length} page addresses carry the CSP and the security headers`);
  });

  it('HEAD requests, static files, the feed and a missing asset', async () => {
    const head = await fetch(`${baseUrl}/pricing`, { method: 'HEAD' });
    expectSecurityHeaders(head, 'HEAD /pricing');
    for (const file of [...assets(), '/robots.txt', '/blog/rss.xml']) {
      const response = await fetch(`${baseUrl}${file}`);
      expect(response.status, file).toBe(200);
      expectSecurityHeaders(response, file);
      await response.arrayBuffer();
    }
    const missing = await fetch(`${baseUrl}/js/no-such-chunk.js`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, 'missing asset');
  });

  it('the API and the registry: answers and errors', async () => {
    const auth = { authorization: `Bearer ${session.token}` };
    const json = { 'content-type': 'application/json' };
    const requests: [string, string, RequestInit, number][] = [
      ['ready', '/api/ready', {}, 200],
      ['blog', '/api/blog', {}, 200],
      ['signed-in read', '/api/account/me', { headers: auth }, 200],
      ['agents', '/api/agents', { headers: auth }, 200],
      ['no token', '/api/account/me', {}, 401],
      ['unknown route', '/api/no-such-route', {}, 404],
      ['bad JSON', '/api/account/login', { method: 'POST', headers: json, body: '{' }, 400],
      [
        'wrong password',
        '/api/account/login',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: session.email, password: 'not the password' }),
        },
        401,
      ],
      ['registry list', '/registry/v0.1/servers?limit=2', {}, 200],
      ['registry miss', '/registry/v0.1/servers/no.such%2Fserver/versions/latest', {}, 404],
      [
        'unknown webhook',
        '/api/hooks/no-such-hook',
        { method: 'POST', headers: json, body: '{}' },
        404,
      ],
    ];
    for (const [what, url, init, status] of requests) {
      const response = await fetch(`${baseUrl}${url}`, init);
      expect(response.status, what).toBe(status);
      expectSecurityHeaders(response, what);
      await response.arrayBuffer();
    }
  });
});

describe('the CSP in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('runs the app without a single violation, and blocks inline script and framing', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${baseUrl}/no-such-page`);
    await page.evaluate((token) => localStorage.setItem('token', token), session.token);
    for (const screen of ['/', '/pricing', '/app/docs/commands/workspaces', '/app/dashboard']) {
      await gotoHydrated(page, `${baseUrl}${screen}`, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
    }
    expect(violations).toEqual([]);

    // An injected inline script and an inline handler are refused, and reported as violations;
    // so is the boot script with a line added to it: the hash allows its exact text only.
    const refused = await page.evaluate(async (boot) => {
      const seen: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(event.effectiveDirective),
      );
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
      const altered = document.createElement('script');
      altered.type = 'module';
      altered.textContent = `${boot}window.__alteredRan = true;\n`;
      document.head.append(altered);
      const button = document.createElement('button');
      button.setAttribute('onclick', 'window.__handlerRan = true');
      document.body.append(button);
      button.click();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const flags = window as unknown as Record<string, unknown>;
      return {
        seen,
        inline: flags.__inlineRan,
        altered: flags.__alteredRan,
        handler: flags.__handlerRan,
      };
    }, PAGE_BOOT_SCRIPT);
    expect(refused.inline).toBeUndefined();
    expect(refused.altered).toBeUndefined();
    expect(refused.handler).toBeUndefined();
    expect(refused.seen).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr']));

    // frame-ancestors 'none': another page cannot frame the app.
    const framing = await context.newPage();
    const refusal = framing.waitForEvent('console', {
      predicate: (message) => message.text().includes(`frame-ancestors 'none'`),
    });
    await framing.setContent(`<iframe src="${baseUrl}/login"></iframe>`);
    await refusal;
    expect(framing.frames()[1]?.url()).toBe('chrome-error://chromewebdata/');
    await context.close();
  });
});
