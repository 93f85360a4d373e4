import { BookOpen, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { textLink } from '#web/components/button-styles.ts';
import { CommandSnippet } from './command-snippet.tsx';

// Where the CLI looks when SPOKE_URL is not set.
const CLI_DEFAULT_URL = 'http://localhost:3000';

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[1.75rem_minmax(0,1fr)] gap-x-2">
      <span
        aria-hidden="true"
        className="flex size-6 items-center justify-center rounded-full bg-blue-600 text-xs font-bold text-white"
      >
        {n}
      </span>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <div className="mt-1.5 space-y-2 text-sm text-slate-600">{children}</div>
      </div>
    </li>
  );
}

/** How to point the spoke CLI at this platform and sign it in with a token. */
export function ConnectCli() {
  const origin = window.location.origin;
  return (
    <div>
      <ol className="space-y-5">
        <Step n={1} title="Install spoke">
          <CommandSnippet command="npm install -g @spoke/cli" label="Copy install command" />
        </Step>
        <Step n={2} title="Point it at this platform">
          <CommandSnippet command={`export SPOKE_URL=${origin}`} label="Copy SPOKE_URL command" />
          {origin === CLI_DEFAULT_URL && (
            <p>This is spoke's default address, so you may skip it.</p>
          )}
        </Step>
        <Step n={3} title="Log in with a token">
          <CommandSnippet command="spoke login --token <token>" label="Copy login command" />
          <p>
            Use a token created on this page. Plain <code className="font-mono">spoke login</code>{' '}
            asks for it instead, which keeps it out of your shell history.
          </p>
        </Step>
      </ol>
      <ul className="mt-6 space-y-2 border-t border-slate-200 pt-4 text-sm">
        <li>
          <Link
            to="/app/workspace/registry"
            className={`${textLink} inline-flex items-center gap-2`}
          >
            <Search aria-hidden="true" className="size-4" />
            Browse the registry
          </Link>
        </li>
        <li>
          <Link
            to="/app/docs/commands/account"
            className={`${textLink} inline-flex items-center gap-2`}
          >
            <BookOpen aria-hidden="true" className="size-4" />
            spoke login and logout
          </Link>
        </li>
      </ul>
    </div>
  );
}
