import type { CreatedApiToken } from '@spoke/shared';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { secondaryButton } from '#web/components/button-styles.ts';
import { CommandSnippet } from './command-snippet.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';

/**
 * The secret of a token just created. It lives only in this component's props: once dismissed
 * or the page is left, nothing in the app can show it again.
 */
export function NewToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      aria-labelledby="new-token-heading"
      className="rounded-xl border-2 border-emerald-300 bg-emerald-50/60 p-4 sm:p-5"
    >
      <h3
        ref={heading}
        id="new-token-heading"
        tabIndex={-1}
        className="flex items-center gap-2 font-semibold text-slate-900 focus:outline-none"
      >
        <KeyRound aria-hidden="true" className="size-5 text-emerald-700" />
        Token “{created.token.name}” created
      </h3>
      <p className="mt-2 flex gap-2 text-sm font-medium text-amber-950">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
        Copy it now: you won't see it again. Spoke keeps only a hash of it.
      </p>
      <label
        htmlFor="new-token-secret"
        className="mt-4 mb-1 block text-sm font-medium text-slate-700"
      >
        Your new token
      </label>
      <div className="flex items-center gap-2">
        <input
          id="new-token-secret"
          readOnly
          value={created.secret}
          onFocus={(event) => event.target.select()}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none"
        />
        <CopyButton text={created.secret} label="Copy token" />
      </div>
      <p className="mt-4 mb-1 text-sm text-slate-700">Give it to spoke on your machine:</p>
      <CommandSnippet
        command={`spoke login --token ${created.secret}`}
        label="Copy login command with this token"
      />
      <button type="button" className={`${secondaryButton} mt-4`} onClick={onDone}>
        I have copied it
      </button>
    </section>
  );
}
