import type { DocChapter } from '../content/docs-model.ts';
import { markdownToPlainText } from './plain-text.ts';

export interface SearchDocument {
  chapterId: string;
  chapterTitle: string;
  sectionId: string;
  title: string;
  text: string;
  /** Lower-cased copies, made once. */
  titleKey: string;
  textKey: string;
}

export interface SearchHit {
  doc: SearchDocument;
  score: number;
  /** About a line of text around the first match, for the result list. */
  snippet: string;
}

const MAX_HITS = 8;
const SNIPPET_BEFORE = 50;
const SNIPPET_AFTER = 110;

export function buildSearchIndex(chapters: readonly DocChapter[]): SearchDocument[] {
  return chapters.flatMap((chapter) =>
    chapter.sections.map((section) => {
      const text = markdownToPlainText(section.body);
      return {
        chapterId: chapter.id,
        chapterTitle: chapter.title,
        sectionId: section.id,
        title: section.title,
        text,
        titleKey: section.title.toLowerCase(),
        textKey: text.toLowerCase(),
      };
    }),
  );
}

/** The words of a query, lower-cased; search matches them anywhere, as substrings. */
export function queryTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];
}

function countOf(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    count++;
  }
  return count;
}

// Every term must appear in the title or the text. A title match outweighs any number of text
// matches, and the whole phrase counts extra, so "trust levels" ranks the section named so first.
function score(doc: SearchDocument, terms: string[], phrase: string): number {
  let total = 0;
  for (const term of terms) {
    const inTitle = doc.titleKey.includes(term);
    const inText = Math.min(countOf(doc.textKey, term), 20);
    if (!inTitle && inText === 0) return 0;
    total += (inTitle ? 100 : 0) + inText;
  }
  if (terms.length > 1) {
    if (doc.titleKey.includes(phrase)) total += 200;
    else if (doc.textKey.includes(phrase)) total += 20;
  }
  return total;
}

function snippet(doc: SearchDocument, terms: string[], phrase: string): string {
  let at = doc.textKey.indexOf(phrase);
  for (const term of terms) {
    if (at !== -1) break;
    at = doc.textKey.indexOf(term);
  }
  if (at === -1) at = 0;
  let start = Math.max(0, at - SNIPPET_BEFORE);
  let end = Math.min(doc.text.length, at + SNIPPET_AFTER);
  // Cut at word boundaries so the snippet does not start or end mid-word.
  if (start > 0) start = doc.text.indexOf(' ', start) + 1 || start;
  if (end < doc.text.length) {
    const space = doc.text.lastIndexOf(' ', end);
    if (space > at) end = space;
  }
  return `${start > 0 ? '… ' : ''}${doc.text.slice(start, end).trim()}${end < doc.text.length ? ' …' : ''}`;
}

export function searchDocs(index: readonly SearchDocument[], query: string): SearchHit[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const phrase = terms.join(' ');
  const hits: SearchHit[] = [];
  for (const doc of index) {
    const value = score(doc, terms, phrase);
    if (value > 0) hits.push({ doc, score: value, snippet: '' });
  }
  hits.sort((a, b) => b.score - a.score);
  return hits
    .slice(0, MAX_HITS)
    .map((hit) => ({ ...hit, snippet: snippet(hit.doc, terms, phrase) }));
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** Splits `text` into plain and matching parts, for <mark>ing the query's terms. */
export function highlightParts(text: string, terms: string[]): TextPart[] {
  if (terms.length === 0) return [{ text, match: false }];
  const escaped = [...terms]
    .sort((a, b) => b.length - a.length)
    .map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(${escaped.join('|')})`, 'gi');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: terms.includes(part.toLowerCase()) }));
}
