export interface DocSection {
  /** The file name without its `nn-` prefix and `.md`. */
  id: string;
  title: string;
  description?: string;
  /** Markdown after the front matter. */
  body: string;
  /** Repository-relative path, for error messages and tests. */
  file: string;
}

export interface DocChapter {
  /** Also the folder name under content/docs/ and the tab in the URL. */
  id: string;
  title: string;
  /** A lucide-react icon name. */
  icon: string;
  description: string;
  order: number;
  sections: DocSection[];
}

/** What the docs home shows of a chapter: no section text, only how many sections there are. */
export type ChapterOutline = Omit<DocChapter, 'sections'> & { sectionCount: number };
