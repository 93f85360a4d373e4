import { useEffect, useState } from 'react';
import { CopyButton } from '../ui/copy-button.tsx';
import { HIGHLIGHTED_LANGUAGES, loadHighlighter } from './highlight-languages.ts';

function useHighlighted(code: string, language: string): string | null {
  const [result, setResult] = useState<{ code: string; html: string | null } | null>(null);
  const wanted = HIGHLIGHTED_LANGUAGES.has(language);

  useEffect(() => {
    if (!wanted) return;
    let active = true;
    loadHighlighter().then(
      ({ highlight }) => {
        if (active) setResult({ code, html: highlight(code, language) });
      },
      // Without the highlighter the plain code is already on screen.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [code, language, wanted]);

  return wanted && result?.code === code ? result.html : null;
}

/** A fenced code block: language label, Copy button and, once loaded, colours. */
export function CodeBlock({ code, language }: { code: string; language: string | undefined }) {
  const label = language ?? 'text';
  const html = useHighlighted(code, label.toLowerCase());
  const codeClass = `language-${label} block w-max min-w-full font-mono`;
  return (
    <div className="group/code mt-6 overflow-hidden rounded-lg border border-slate-800 bg-slate-900 shadow-sm">
      <div
        data-code-toolbar=""
        className="flex items-center justify-between gap-3 border-b border-slate-700/70 bg-slate-800/60 py-1 pr-2 pl-4"
      >
        <span className="font-mono text-xs font-medium tracking-wide text-slate-300">{label}</span>
        <CopyButton variant="code" text={code} />
      </div>
      {/* Focusable so a keyboard can scroll a long line into view. */}
      <pre
        tabIndex={0}
        className="overflow-x-auto p-4 text-sm leading-6 text-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-400"
      >
        {html === null ? (
          <code className={codeClass}>{code}</code>
        ) : (
          // highlight.js escapes the code; the markup is only its own token spans.
          <code className={codeClass} dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </pre>
    </div>
  );
}
