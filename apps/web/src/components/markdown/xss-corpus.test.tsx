import { act, render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadHighlighter } from './highlight-languages.ts';
import { Markdown } from './markdown.tsx';
import { XSS_CORPUS } from './xss-corpus.ts';

const FORBIDDEN_ELEMENTS = [
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'applet',
  'style',
  'link',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'base',
  'meta',
  'svg',
  'math',
  'video',
  'audio',
  'source',
  'template',
  'noscript',
].join(', ');

const FORBIDDEN_ATTRIBUTES = /^(on|style$|srcset$|srcdoc$|formaction$|action$|xlink:|name$)/i;
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'irc:', 'ircs:', 'mailto:', 'xmpp:']);
const PAGE = 'https://spoke.example/blog/post';

/** The scheme the browser would use for `value`, resolved the way the page would resolve it. */
function protocolOf(value: string): string {
  return new URL(value, PAGE).protocol;
}

function problems(root: Element): string[] {
  const found: string[] = [];
  // The code blocks' own toolbar (a Copy button with an icon) is the renderer's, not the text's.
  const fromText = (element: Element) => !element.closest('[data-code-toolbar]');
  for (const element of [...root.querySelectorAll(FORBIDDEN_ELEMENTS)].filter(fromText)) {
    found.push(`<${element.tagName.toLowerCase()}> element`);
  }
  for (const element of [...root.querySelectorAll('*')].filter(fromText)) {
    for (const { name, value } of element.attributes) {
      if (FORBIDDEN_ATTRIBUTES.test(name))
        found.push(`${name} attribute on <${element.localName}>`);
      if (['href', 'src', 'cite'].includes(name) && value !== '') {
        const protocol = protocolOf(value);
        if (!ALLOWED_PROTOCOLS.has(protocol)) found.push(`${name}="${value}" (${protocol})`);
      }
      if (name === 'id' && value === '__xss') found.push('an id that shadows a global');
    }
  }
  return found;
}

async function renderInert(source: string) {
  const router = createMemoryRouter([
    { path: '/', element: <Markdown source={source} className="md" /> },
  ]);
  const view = render(<RouterProvider router={router} />);
  // Let the lazy highlighter replace plain code, so its output is checked too.
  await act(async () => {
    await loadHighlighter();
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const root = view.container.querySelector('.md');
  if (!root) throw new Error('Markdown did not render');
  return root;
}

beforeAll(async () => {
  await loadHighlighter();
  // Payloads that put a table inside a paragraph make React warn about the nesting; that warning
  // is expected here and would bury real output.
  const error = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!/cannot (be a descendant of|contain a nested)/.test(String(args[0]))) error(...args);
  });
});
afterEach(() => {
  delete (window as { __xss?: unknown }).__xss;
});

describe('the XSS corpus', () => {
  it('holds enough payloads to mean something', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(XSS_CORPUS)('renders "$name" inert', async ({ source }) => {
    const root = await renderInert(source);
    expect(problems(root)).toEqual([]);
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('renders the whole corpus as one document inert', async () => {
    const root = await renderInert(XSS_CORPUS.map((entry) => entry.source).join('\n\n'));
    expect(problems(root)).toEqual([]);
    // The highlighted block exists, so the highlighter's markup was part of the check.
    expect(root.querySelector('code.language-js span[class^="hljs-"]')).not.toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('keeps unsafe addresses as empty ones, as the URL rule says', async () => {
    const root = await renderInert(
      '[a](javascript:alert(1)) [b](vbscript:x) [c](data:text/html,x) ![d](javascript:x)',
    );
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '',
      '',
      '',
    ]);
    expect(root.querySelector('img')?.hasAttribute('src')).toBe(false);
  });

  it('shows code payloads as text', async () => {
    const root = await renderInert('```html\n<script>alert(1)</script>\n```');
    expect(root.querySelector('code')?.textContent).toBe('<script>alert(1)</script>');
  });
});
