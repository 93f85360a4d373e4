import { ExternalLink, Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '#web/components/button-styles.ts';
import { outline } from '../content/docs-outline.ts';
import { docsPath } from '../content/docs-paths.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { docsTitle } from '../content/docs-title.ts';
import { ChapterCard } from './chapter-card.tsx';
import { CliDemo } from './cli-demo.tsx';
import { GITHUB_URL } from './demo-commands.ts';
import { GithubMark } from './github-mark.tsx';
import { StatCards } from './stat-cards.tsx';
import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';

export function DocsHome({ base }: { base: string }) {
  usePageTitle(docsTitle());
  return (
    <div className={`${CONTENT_WIDTH} py-10 sm:py-14`}>
      <section className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">
            Documentation
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Spoke CLI Documentation
          </h1>
          <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">
            Install <code className="font-mono text-base text-slate-800">spoke</code>, find and run
            MCP servers in a workspace, connect them to your MCP client, and build on the Spoke
            platform&apos;s API.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={docsPath(base, 'quick-start')} className={primaryButton}>
              <Rocket aria-hidden="true" className="size-4" />
              Quick Start
            </Link>
            <a
              href={GITHUB_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={secondaryButton}
            >
              <GithubMark className="size-4" />
              GitHub
              <ExternalLink aria-hidden="true" className="size-3.5 text-slate-500" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        </div>
        <CliDemo />
      </section>

      <section aria-labelledby="performance-heading" className="mt-12">
        <h2 id="performance-heading" className="text-xl font-semibold text-slate-900">
          Built to be fast
        </h2>
        <div className="mt-4">
          <StatCards />
        </div>
      </section>

      <section aria-labelledby="chapters-heading" className="mt-12">
        <h2 id="chapters-heading" className="text-xl font-semibold text-slate-900">
          Browse the documentation
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {outline.map((chapter) => (
            <li key={chapter.id}>
              <ChapterCard chapter={chapter} to={docsPath(base, chapter.id)} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
