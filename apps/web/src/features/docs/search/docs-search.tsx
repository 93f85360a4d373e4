import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { docsPath } from '../content/docs-paths.ts';
import { Highlighted } from './highlighted.tsx';
import {
  buildSearchIndex,
  queryTerms,
  searchDocs,
  type SearchDocument,
  type SearchHit,
} from './search-docs.ts';
import { useSlashShortcut } from './use-slash-shortcut.ts';

let index: Promise<SearchDocument[]> | undefined;
// Loaded and built when the reader first turns to the box: the docs home does not carry the
// docs' text for a search that may never come.
function loadSearchIndex(): Promise<SearchDocument[]> {
  index ??= import('../content/docs-content.ts').then(({ chapters }) => buildSearchIndex(chapters));
  return index;
}

/** The search index, from the first time `wanted` is true. */
function useSearchIndex(wanted: boolean): SearchDocument[] | null {
  const [docs, setDocs] = useState<SearchDocument[] | null>(null);
  useEffect(() => {
    if (!wanted || docs) return;
    let current = true;
    loadSearchIndex().then(
      (loaded) => current && setDocs(loaded),
      () => {
        // A failed load is tried again on the next focus or keystroke.
        index = undefined;
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, docs]);
  return docs;
}

function resultCount(count: number): string {
  return count === 1 ? '1 result' : `${count} results`;
}

/** Search over every section's title and text, as a combobox with a list of results. */
export function DocsSearch({ base }: { base: string }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useSlashShortcut(input);

  const docs = useSearchIndex(open || query !== '');
  const hits = useMemo(() => (docs && query.trim() ? searchDocs(docs, query) : []), [docs, query]);
  const terms = useMemo(() => queryTerms(query), [query]);
  const showing = open && query.trim() !== '';
  const optionId = (i: number) => `${listId}-option-${i}`;

  // Focus stays in the box: the option the arrow keys reach is brought into view for them.
  useEffect(() => {
    if (!showing) return;
    const option = document.getElementById(`${listId}-option-${active}`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [showing, active, listId]);

  const choose = (hit: SearchHit) => {
    setQuery('');
    setOpen(false);
    input.current?.blur();
    void navigate(docsPath(base, hit.doc.chapterId, hit.doc.sectionId));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (query) setQuery('');
      else input.current?.blur();
      setOpen(false);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      const hit = hits[active];
      if (!showing || !hit) return;
      event.preventDefault();
      choose(hit);
    }
  };

  return (
    <div
      role="search"
      className="relative w-full sm:max-w-md"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search documentation
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <input
        ref={input}
        id={`${listId}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder="Search documentation"
        aria-expanded={showing && hits.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showing && hits[active] ? optionId(active) : undefined}
        aria-keyshortcuts="/"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-10 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:outline-2 focus:outline-offset-0 focus:outline-blue-600 [&::-webkit-search-cancel-button]:hidden"
      />
      <kbd
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs text-slate-600"
      >
        /
      </kbd>
      <p role="status" className="sr-only">
        {showing ? (docs ? resultCount(hits.length) : 'Searching…') : ''}
      </p>
      {/* No scroll box of its own: the page scrolls, and options are not in the tab order. */}
      <div
        hidden={!showing}
        className="absolute top-full right-0 left-0 z-30 mt-2 rounded-xl border border-slate-200 bg-white shadow-xl sm:min-w-[28rem]"
      >
        {hits.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-600">
            {docs ? `No results for “${query.trim()}”` : 'Searching…'}
          </p>
        ) : null}
        <ul id={listId} role="listbox" aria-label="Search results" className="py-1">
          {hits.map((hit, i) => (
            <li
              key={`${hit.doc.chapterId}/${hit.doc.sectionId}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keeps focus in the input, so the click lands before the list closes on blur.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(hit)}
              className={`cursor-pointer px-4 py-3 ${i === active ? 'bg-blue-50' : ''}`}
            >
              <p className="text-sm font-semibold text-slate-900">
                <Highlighted text={hit.doc.title} terms={terms} />
              </p>
              <p className="text-xs font-medium text-blue-700">{hit.doc.chapterTitle}</p>
              <p className="mt-1 line-clamp-2 text-sm text-slate-600">
                <Highlighted text={hit.snippet} terms={terms} />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
