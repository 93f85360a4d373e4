import GithubSlugger from 'github-slugger';

export interface OutlineEntry {
  id: string;
  text: string;
}

// Inline Markdown that never reaches a heading's text: emphasis, code marks, link targets.
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]/g, '')
    .trim();
}

/**
 * The level-2 sections of a page with the ids the renderer gives them: rehype-slug's, from the
 * slugger it uses. Headings of every level count towards repeated ids, in document order, as
 * they do when rendered.
 */
export function pageOutline(body: string): OutlineEntry[] {
  const slugger = new GithubSlugger();
  const entries: OutlineEntry[] = [];
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const match = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const text = plainText(match[2] as string);
    const id = slugger.slug(text);
    if (match[1] === '##') entries.push({ id, text });
  }
  return entries;
}
