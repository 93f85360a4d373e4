import type { IntegrationInfo } from '@spoke/shared';
import { useLocation } from 'react-router';
import { Spinner } from '#web/components/spinner.tsx';
import { useStartOAuth } from '#web/features/agents/api/integrations.ts';
import { smallButton } from '../spec-form/field-styles.ts';

/** Where the browser goes: a seam for tests, which cannot leave the page. */
export const browser = {
  go: (url: string) => window.location.assign(url),
};

/** The app path the service sends the browser back to: this page, without a previous result. */
export function returnPath(location: { pathname: string; search: string }): string {
  const search = new URLSearchParams(location.search);
  search.delete('oauth');
  search.delete('oauth_error');
  const rest = search.toString();
  return `${location.pathname}${rest ? `?${rest}` : ''}`;
}

/**
 * "Connect with <Service>" for a remote the user signs in to with OAuth: the server starts the
 * sign-in and the browser goes to the service, which sends it back to this page. While the
 * sign-in starts the button says so and is not pressed twice; a refusal shows beside it.
 */
export function OAuthConnect({
  integration,
  reconnect = false,
  describedBy,
}: {
  integration: Pick<IntegrationInfo, 'id' | 'name'>;
  /** The sign-in expired: "Reconnect" rather than "Connect". */
  reconnect?: boolean;
  describedBy?: string;
}) {
  const start = useStartOAuth();
  const location = useLocation();
  const busy = start.isPending || start.isSuccess;
  const errorId = `oauth-error-${integration.id}`;
  const label = `${reconnect ? 'Reconnect' : 'Connect'} with ${integration.name}`;
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className={`${smallButton} aria-disabled:opacity-60`}
        aria-disabled={busy}
        aria-busy={busy}
        aria-describedby={
          [describedBy, start.isError ? errorId : ''].filter(Boolean).join(' ') || undefined
        }
        onClick={() => {
          if (busy) return;
          start.mutate(
            { id: integration.id, returnTo: returnPath(location) },
            { onSuccess: (url) => browser.go(url) },
          );
        }}
      >
        {busy && <Spinner className="size-3.5" />}
        {busy ? `Opening ${integration.name}...` : label}
      </button>
      {start.isError && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {Object.values(start.error.fields ?? {})[0] ?? start.error.message}
        </p>
      )}
    </div>
  );
}
