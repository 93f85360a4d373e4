import postcss, { type AtRule, type Root } from 'postcss';
import { decodeEntities } from './html-entities.ts';

// The style rules a prerendered page can use, cut from the app's stylesheets, so that the page
// carries them inline and paints without waiting for a stylesheet (decision 031). The whole
// stylesheets are linked after the first paint, before the app starts (PAGE_BOOT_SCRIPT): a rule
// left out here must therefore match nothing on the page as built, or the page would change
// when they arrive. So a rule is left out only when one of its selectors' required classes is
// absent from the page, which no element of the page can then match.

/** The classes written on the page's elements, as the browser reads them. */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeEntities(match[1]!).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * The classes an element must have for the selector to match it, or one of its ancestors or
 * siblings: those outside any `:not()`, `:is()`, `:where()` or `:has()`, whose insides may match
 * without them (`:not(.hidden)`) or need only one of a list. An escaped character in a class
 * name (`.sm\:px-6`) is read as itself.
 */
export function requiredClasses(selector: string): string[] {
  let plain = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i]!;
    if (char === '\\') {
      if (depth === 0) plain += selector.slice(i, i + 2);
      i++;
    } else if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) plain += char;
  }
  return [...plain.matchAll(/\.((?:\\[\s\S]|[\w-])+)/g)].map((m) =>
    m[1]!.replace(/\\([\s\S])/g, '$1'),
  );
}

const KEYFRAMES = /keyframes$/i;

/** `css` (minified, as the build writes it) without the rules no element of a page with these classes can match. */
export function pageRules(css: string, classes: ReadonlySet<string>): string {
  const root: Root = postcss.parse(css);
  root.walkRules((rule) => {
    // A keyframe's steps ("from", "50%") are not selectors.
    if (rule.parent?.type === 'atrule' && KEYFRAMES.test((rule.parent as AtRule).name)) return;
    const kept = rule.selectors.filter((selector) =>
      requiredClasses(selector).every((name) => classes.has(name)),
    );
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  // Blocks left empty go, outermost last ("@media (...) { @supports (...) {} }").
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes !== undefined && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}
