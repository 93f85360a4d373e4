import { Link } from 'react-router';
import { textLink } from '#web/components/button-styles.ts';
import { TerminalDemo } from './terminal-demo.tsx';
import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';

export function CliSection() {
  return (
    <section aria-labelledby="cli-title" className="bg-slate-50">
      <div className={`${CONTENT_WIDTH} grid items-center gap-10 py-16 lg:grid-cols-2`}>
        <div>
          <h2 id="cli-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Your MCP servers, one command away
          </h2>
          <p className="mt-4 text-slate-600">
            <code className="rounded bg-slate-200 px-1.5 py-0.5 text-sm text-slate-900">spoke</code>{' '}
            is the command-line tool for Model Context Protocol servers: discover them in the
            registry, install them into a workspace, serve them over HTTP and export them to your AI
            client.
          </p>
          <p className="mt-6">
            <Link to="/app/docs" className={textLink}>
              Read the CLI documentation
            </Link>
          </p>
        </div>
        <TerminalDemo />
      </div>
    </section>
  );
}
