import type { Agent, IntegrationInfo } from '@spoke/shared';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '#web/components/alert.tsx';
import { IntegrationLogo } from '#web/components/integration-logo.tsx';
import { useDeleteCredentials } from '#web/features/agents/api/integrations.ts';
import { ConnectionStatus } from '../connection-status.tsx';
import { RetryError } from '#web/components/retry-error.tsx';
import { smallButton } from '../spec-form/field-styles.ts';
import { useFocusLater } from '../spec-form/use-focus-later.ts';
import { ConnectForm } from './connect-form.tsx';
import { OAuthConnect } from './oauth-connect.tsx';

/** The saved spec's integrations, whether each is connected, and a way to connect it. */
export function IntegrationsPanel({
  agent,
  catalog,
  error,
  onRetry,
}: {
  agent: Agent;
  catalog: readonly IntegrationInfo[] | undefined;
  error: string | null;
  onRetry: () => void;
}) {
  const { integrations } = agent.spec;
  // A sign-in with a service came back here: `oauth` names it, `oauth_error` says what failed.
  const [search] = useSearchParams();
  const signedIn = search.get('oauth');
  const signInError = search.get('oauth_error');
  if (integrations.length === 0) {
    return <p className="text-sm text-slate-600">This agent uses no integrations.</p>;
  }
  return (
    <>
      {error && <RetryError message={error} onRetry={onRetry} />}
      <ul aria-label="Connections" className="space-y-3">
        {integrations.map(({ id }) => (
          <IntegrationRow
            key={id}
            id={id}
            info={catalog?.find((each) => each.id === id)}
            connected={
              catalog?.find((each) => each.id === id)?.connected ?? agent.connections[id] ?? false
            }
            signInResult={signedIn === id ? { error: signInError ?? undefined } : undefined}
          />
        ))}
      </ul>
    </>
  );
}

function IntegrationRow({
  id,
  info,
  connected,
  signInResult,
}: {
  id: string;
  info: IntegrationInfo | undefined;
  connected: boolean;
  /** The sign-in with this service that just came back to the page. */
  signInResult?: { error?: string };
}) {
  const toggleId = useId();
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState('');
  const disconnect = useDeleteCredentials();
  const focusLater = useFocusLater();
  const name = info?.name ?? id;
  const oauth = info?.oauth === true;
  const needsNothing = info !== undefined && !oauth && (info.builtin || info.env.length === 0);
  // An OAuth remote's own values (a subdomain): set before signing in.
  const hasValues = info !== undefined && info.env.length > 0;

  function close(message: string) {
    setEditing(false);
    setNote(message);
    focusLater(toggleId);
  }

  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <IntegrationLogo id={id} name={name} size="sm" />
          <span className="font-medium text-slate-900">{name}</span>
          <ConnectionStatus connected={connected} />
        </p>
        {info && oauth && !editing && (
          <div className="flex flex-wrap items-start gap-2">
            {hasValues && (
              <button
                id={toggleId}
                type="button"
                className={smallButton}
                aria-label={`${name} settings`}
                onClick={() => {
                  setNote('');
                  setEditing(true);
                }}
              >
                Settings
              </button>
            )}
            {info.signed_in ? (
              <button
                type="button"
                className={smallButton}
                aria-label={`Disconnect ${name}`}
                disabled={disconnect.isPending}
                onClick={() =>
                  disconnect.mutate(id, {
                    onSuccess: () => setNote(`${name} disconnected. Its sign-in was deleted.`),
                  })
                }
              >
                Disconnect
              </button>
            ) : (
              <OAuthConnect integration={info} reconnect={Boolean(signInResult?.error)} />
            )}
          </div>
        )}
        {info && !oauth && !needsNothing && !editing && (
          <div className="flex gap-2">
            <button
              id={toggleId}
              type="button"
              className={smallButton}
              aria-label={`${connected ? 'Update' : 'Connect'} ${name}`}
              onClick={() => {
                setNote('');
                setEditing(true);
              }}
            >
              {connected ? 'Update' : 'Connect'}
            </button>
            {connected && (
              <button
                type="button"
                className={smallButton}
                aria-label={`Disconnect ${name}`}
                disabled={disconnect.isPending}
                onClick={() =>
                  disconnect.mutate(id, {
                    onSuccess: () => setNote(`${name} disconnected. Its credentials were deleted.`),
                  })
                }
              >
                Disconnect
              </button>
            )}
          </div>
        )}
      </div>
      {needsNothing && <p className="mt-1 text-xs text-slate-600">Built in: nothing to connect.</p>}
      {oauth && !info?.signed_in && (
        <p className="mt-1 text-xs text-slate-600">
          {hasValues
            ? `Set what ${name} needs under Settings, then sign in with ${name}.`
            : `You sign in with ${name}; Spoke keeps the access it grants, encrypted.`}
        </p>
      )}
      {signInResult?.error && (
        <div className="mt-2">
          <Alert>
            Could not connect {name}: {signInResult.error}
          </Alert>
        </div>
      )}
      {disconnect.isError && (
        <div className="mt-2">
          <Alert>{disconnect.error.message}</Alert>
        </div>
      )}
      {editing && info && (
        <ConnectForm
          integration={info}
          onDone={() => close(`${name} connected.`)}
          onCancel={() => close('')}
        />
      )}
      <p role="status" className="mt-1 text-xs text-emerald-800 empty:hidden">
        {note ||
          (signInResult && !signInResult.error && info?.signed_in ? `${name} connected.` : '')}
      </p>
    </li>
  );
}
