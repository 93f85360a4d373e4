import type { Agent, AgentPoll, IntegrationInfo } from '@spoke/shared';
import { Alert } from '#web/components/alert.tsx';
import { formatDateTime, integrationName, triggerInWords } from '../format.ts';

type Catalog = ReadonlyMap<string, Pick<IntegrationInfo, 'name' | 'events'>>;

const term = 'text-slate-600';

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

/** Where polling stands: the tool, the last and next checks, and what went wrong. */
function PollState({ poll, paused }: { poll: AgentPoll; paused: boolean }) {
  if (!poll.tool) return <Alert>{poll.last_error}</Alert>;
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className={term}>Tool</dt>
        <dd>
          <code className="font-mono break-all">{poll.tool}</code>
        </dd>
        <dt className={term}>Last check</dt>
        <dd>
          {poll.last_polled_at ? (
            <When iso={poll.last_polled_at} />
          ) : (
            'Not yet. The first check notes what is already there and starts no run.'
          )}
        </dd>
        <dt className={term}>Next check</dt>
        <dd>
          {poll.next_poll_at ? (
            <When iso={poll.next_poll_at} />
          ) : paused ? (
            'None while the agent is paused'
          ) : (
            'Not scheduled'
          )}
        </dd>
      </dl>
      {poll.last_error && (
        <Alert>
          <span className="font-medium">Problem with the last check:</span> {poll.last_error}
        </Alert>
      )}
    </>
  );
}

/**
 * When the agent runs, in words, and for an event how it arrives: the URL the service's webhook
 * calls, or where polling stands.
 */
export function TriggerSummary({ agent, catalog }: { agent: Agent; catalog?: Catalog }) {
  const { trigger } = agent.spec;
  return (
    <div className="space-y-2 text-sm text-slate-800">
      <p>{triggerInWords(trigger, catalog)}</p>
      {trigger.type === 'event' && agent.webhook && (
        <p>
          Point {integrationName(trigger.integration, catalog)}&rsquo;s webhook at{' '}
          <code className="font-mono break-all">{agent.webhook.url}</code>, with calls signed with
          the agent&rsquo;s webhook secret.
        </p>
      )}
      {agent.poll && <PollState poll={agent.poll} paused={agent.status === 'paused'} />}
    </div>
  );
}
