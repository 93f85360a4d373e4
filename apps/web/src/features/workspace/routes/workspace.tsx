import { Link } from 'react-router';
import { textLink } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { VerifyFirstNote } from '#web/components/verify-first-note.tsx';
import { ApiTokens } from '../components/api-tokens.tsx';
import { ConnectCli } from '../components/connect-cli.tsx';
import { OwnServers } from '../components/own-servers.tsx';
import { SectionCard } from '#web/components/ui/section-card.tsx';
import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';

export function Component() {
  usePageTitle('Workspace');
  return (
    <div className={`${CONTENT_WIDTH} py-10`}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Workspace</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Connect the <code className="font-mono">spoke</code> CLI to this platform, manage the API
        tokens it uses, and follow the servers you publish to the{' '}
        <Link to="/app/workspace/registry" className={textLink}>
          registry
        </Link>
        .
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-6">
          <SectionCard
            id="tokens-heading"
            title="API tokens"
            description="Tokens let spoke publish to the registry for you. Treat them like passwords: anyone with one can publish as you."
          >
            <div className="space-y-4">
              <VerifyFirstNote action="Publishing to the registry" />
              <ApiTokens headingId="tokens-heading" />
            </div>
          </SectionCard>
          <SectionCard
            id="servers-heading"
            title="Your servers"
            description="Servers you published, with their versions, status and trust level. New servers are unverified until an administrator reviews them."
          >
            <OwnServers />
          </SectionCard>
        </div>
        <div className="min-w-0 lg:order-none">
          <SectionCard
            id="cli-heading"
            title="Connect the CLI"
            description="Three steps, once per machine."
          >
            <ConnectCli />
          </SectionCard>
        </div>
      </div>
    </div>
  );
}
