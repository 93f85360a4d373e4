import { describe, expect, it } from 'vitest';
import { classesOf, pageRules, requiredClasses } from './page-styles.ts';

describe('classesOf', () => {
  it('reads every class attribute, with its entities decoded as the browser reads them', () => {
    const html =
      '<body class="bg-white antialiased"><p class="[&amp;&gt;svg]:size-4  text-sm">x</p>' +
      '<i data-class="not-this"></i><b class="content-[&#39;a&#39;] w-[calc(100%&#x2d;1rem)]"></b>';
    expect([...classesOf(html)].sort()).toEqual(
      [
        '[&>svg]:size-4',
        'antialiased',
        'bg-white',
        "content-['a']",
        'text-sm',
        'w-[calc(100%-1rem)]',
      ].sort(),
    );
  });
});

describe('requiredClasses', () => {
  it('reads escaped class names as themselves', () => {
    expect(requiredClasses('.sm\\:px-6')).toEqual(['sm:px-6']);
    expect(requiredClasses('.\\[\\&\\>svg\\]\\:size-4>svg')).toEqual(['[&>svg]:size-4']);
    expect(requiredClasses('.w-1\\/2:hover')).toEqual(['w-1/2']);
  });

  it('needs every class outside a functional pseudo-class, and none inside one', () => {
    expect(requiredClasses('.group:hover .group-hover\\:underline')).toEqual([
      'group',
      'group-hover:underline',
    ]);
    expect(requiredClasses(':where(.space-y-4>:not(:last-child))')).toEqual([]);
    expect(requiredClasses('.card:not(.hidden)')).toEqual(['card']);
    expect(requiredClasses('.peer:is(.a,.b)~.peer-checked\\:block')).toEqual([
      'peer',
      'peer-checked:block',
    ]);
    expect(requiredClasses('html, :root')).toEqual([]);
  });
});

describe('pageRules', () => {
  const css =
    '@layer theme,base,utilities;' +
    '@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}' +
    '@font-face{font-family:Fallback;src:local(Arial);size-adjust:105%}' +
    '@keyframes pulse{50%{opacity:.5}}' +
    '@layer utilities{.text-sm{font-size:.875rem}.text-lg{font-size:1.125rem}' +
    '.a,.b{color:red}.hidden{display:none}.card:not(.hidden){padding:1rem}' +
    '@media (min-width:40rem){.sm\\:text-lg{font-size:1.125rem}}' +
    '.animate-pulse{animation:pulse 2s infinite}}';

  it('keeps what the page can match and drops only what it cannot', () => {
    const out = pageRules(css, new Set(['text-sm', 'b', 'card', 'animate-pulse']));
    expect(out).toBe(
      '@layer theme,base,utilities;' +
        '@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}' +
        '@font-face{font-family:Fallback;src:local(Arial);size-adjust:105%}' +
        '@keyframes pulse{50%{opacity:.5}}' +
        '@layer utilities{.text-sm{font-size:.875rem}' +
        '.b{color:red}.card:not(.hidden){padding:1rem}' +
        '.animate-pulse{animation:pulse 2s infinite}}',
    );
  });

  it('keeps a media block for the classes in it', () => {
    const out = pageRules(css, new Set(['sm:text-lg']));
    expect(out).toContain('@media (min-width:40rem){.sm\\:text-lg{font-size:1.125rem}}');
    expect(out).not.toContain('.text-lg{');
  });
});
