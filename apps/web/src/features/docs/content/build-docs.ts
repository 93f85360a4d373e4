import { parseFrontMatter } from '@spoke/shared';
import type { ChapterOutline, DocChapter, DocSection } from './docs-model.ts';

const ROOT = 'content/docs/';
const CHAPTER_FILE = '_chapter.md';
const SECTION_FILE = /^(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
const CHAPTER_KEYS = ['id', 'title', 'icon', 'description', 'order'] as const;
const SECTION_KEYS = ['title', 'description'] as const;

export class DocsContentError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'DocsContentError';
  }
}

type Data = Record<string, string | string[]>;

// Unknown keys are refused so a typo such as "descripton" fails loudly instead of vanishing.
function checkKeys(data: Data, allowed: readonly string[], file: string): void {
  for (const key of Object.keys(data)) {
    if (!allowed.includes(key)) throw new DocsContentError(file, `unknown key "${key}"`);
  }
}

function text(data: Data, key: string, file: string): string | undefined {
  const value = data[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new DocsContentError(file, `${key} must be text, not a list`);
  if (value.trim() === '') {
    throw new DocsContentError(file, `${key} is empty (leave the line out instead)`);
  }
  return value.trim();
}

function required(data: Data, key: string, file: string): string {
  const value = text(data, key, file);
  if (value === undefined) throw new DocsContentError(file, `${key} is required`);
  return value;
}

function parseChapter(source: string, file: string, folder: string) {
  const { data } = parseFrontMatter(source, file);
  checkKeys(data, CHAPTER_KEYS, file);
  const id = required(data, 'id', file);
  if (id !== folder) throw new DocsContentError(file, `id "${id}" must match its folder "${folder}"`);
  const icon = required(data, 'icon', file);
  if (!/^[A-Z][A-Za-z0-9]*$/.test(icon)) {
    throw new DocsContentError(file, `icon "${icon}" is not a lucide-react icon name`);
  }
  const rawOrder = required(data, 'order', file);
  if (!/^\d+$/.test(rawOrder)) throw new DocsContentError(file, 'order must be a whole number');
  return {
    id,
    title: required(data, 'title', file),
    icon,
    description: required(data, 'description', file),
    order: Number(rawOrder),
  };
}

function parseSection(source: string, file: string, id: string): DocSection {
  const { data, body } = parseFrontMatter(source, file);
  checkKeys(data, SECTION_KEYS, file);
  if (body.trim() === '') throw new DocsContentError(file, 'has no content after its front matter');
  const section: DocSection = { id, title: required(data, 'title', file), body, file };
  const description = text(data, 'description', file);
  if (description !== undefined) section.description = description;
  return section;
}

interface Folder {
  chapter?: Omit<DocChapter, 'sections'>;
  sections: { prefix: number; section: DocSection }[];
}

/**
 * Builds the chapters from Markdown files keyed by path (anything up to `content/docs/` is
 * ignored). Chapters follow `order`, sections their file-name number. Every mistake throws an
 * error that starts with the file's repository path.
 */
export function buildDocs(files: Record<string, string>): DocChapter[] {
  const folders = new Map<string, Folder>();
  for (const [key, source] of Object.entries(files)) {
    const at = key.indexOf(ROOT);
    const file = at === -1 ? key : key.slice(at);
    const parts = file.slice(ROOT.length).split('/');
    const [folder, name] = parts;
    if (at === -1 || parts.length !== 2 || !folder || !name) {
      throw new DocsContentError(file, 'must sit in content/docs/<tab>/');
    }
    const entry = folders.get(folder) ?? { sections: [] };
    folders.set(folder, entry);
    if (name === CHAPTER_FILE) {
      entry.chapter = parseChapter(source, file, folder);
      continue;
    }
    const match = SECTION_FILE.exec(name);
    if (!match) {
      throw new DocsContentError(file, 'file name must be _chapter.md or <nn>-<section-id>.md');
    }
    const prefix = Number(match[1]);
    const section = parseSection(source, file, match[2]!);
    for (const other of entry.sections) {
      if (other.section.id === section.id) {
        throw new DocsContentError(file, `section id "${section.id}" is also used by ${other.section.file}`);
      }
      if (other.prefix === prefix) {
        throw new DocsContentError(file, `number ${match[1]} is also used by ${other.section.file}`);
      }
    }
    entry.sections.push({ prefix, section });
  }

  const chapters: DocChapter[] = [];
  for (const [folder, { chapter, sections }] of folders) {
    if (!chapter) throw new DocsContentError(`${ROOT}${folder}/${CHAPTER_FILE}`, 'is missing');
    const clash = chapters.find((other) => other.order === chapter.order);
    if (clash) {
      throw new DocsContentError(
        `${ROOT}${folder}/${CHAPTER_FILE}`,
        `order ${chapter.order} is also used by ${ROOT}${clash.id}/${CHAPTER_FILE}`,
      );
    }
    sections.sort((a, b) => a.prefix - b.prefix);
    chapters.push({ ...chapter, sections: sections.map(({ section }) => section) });
  }
  return chapters.sort((a, b) => a.order - b.order);
}

/**
 * The chapters without their sections' text, from the chapter files and the section files'
 * paths: what the docs home needs, without the weight of every section. `buildDocs` checks the
 * whole content; this reads only what it uses.
 */
export function buildOutline(
  chapterFiles: Record<string, string>,
  sectionPaths: readonly string[],
): ChapterOutline[] {
  const place = (key: string) => {
    const file = key.slice(Math.max(0, key.indexOf(ROOT)));
    const [folder = '', name = ''] = file.slice(ROOT.length).split('/');
    return { file, folder, name };
  };
  const sections = sectionPaths.map(place).filter(({ name }) => SECTION_FILE.test(name));
  return Object.entries(chapterFiles)
    .map(([key, source]) => {
      const { file, folder } = place(key);
      const sectionCount = sections.filter((section) => section.folder === folder).length;
      return { ...parseChapter(source, file, folder), sectionCount };
    })
    .sort((a, b) => a.order - b.order);
}
