import { describe, expect, it } from 'vitest';
import { chapters } from './docs-content.ts';
import { docsBase, docsPath, rebaseContentLink, resolveDocsPath } from './docs-paths.ts';

function view(path: string) {
  const result = resolveDocsPath(path, chapters);
  switch (result.kind) {
    case 'tab':
      return `tab ${result.chapter.id}`;
    case 'section':
      return `section ${result.chapter.id}/${result.section.id}`;
    case 'coming-soon':
      return `coming soon ${result.tab}`;
    case 'redirect':
      return `redirect '${result.to}'`;
    case 'home':
      return 'home';
  }
}

describe('resolveDocsPath', () => {
  it.each([
    ['', 'home'],
    ['/', 'home'],
    ['commands', 'tab commands'],
    ['commands/', 'tab commands'],
    ['commands/servers', 'section commands/servers'],
    ['docs', "redirect 'overview'"],
    ['docs/what-is-spoke', "redirect 'overview/what-is-spoke'"],
    ['quickstart', "redirect 'quick-start'"],
    ['billing', 'coming soon billing'],
    ['billing/plans', "redirect ''"],
    ['api/nope', "redirect ''"],
    ['docs/nope', "redirect ''"],
    ['a/b/c', "redirect ''"],
    ['commands/servers/extra', "redirect ''"],
  ])('%s -> %s', (path, expected) => {
    expect(view(path)).toBe(expected);
  });
});

describe('docs paths', () => {
  it('keeps the reader under /dev when they came in through the alias', () => {
    expect(docsBase('/dev')).toBe('/dev');
    expect(docsBase('/dev/commands/servers')).toBe('/dev');
    expect(docsBase('/developers')).toBe('/app/docs');
    expect(docsBase('/app/docs/api')).toBe('/app/docs');
    expect(docsPath('/dev', 'api', 'errors')).toBe('/dev/api/errors');
    expect(docsPath('/app/docs', '')).toBe('/app/docs');
  });

  it('rebases content links to the docs only', () => {
    expect(rebaseContentLink('/app/docs/api/errors#codes', '/dev')).toBe('/dev/api/errors#codes');
    expect(rebaseContentLink('/app/docs', '/dev')).toBe('/dev');
    expect(rebaseContentLink('/app/docsy', '/dev')).toBe('/app/docsy');
    expect(rebaseContentLink('/contact?topic=sales', '/dev')).toBe('/contact?topic=sales');
  });
});
