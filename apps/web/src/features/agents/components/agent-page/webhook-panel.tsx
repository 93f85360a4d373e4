import type { Agent } from '@spoke/shared';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { secondaryButton } from '#web/components/button-styles.ts';
import { useRotateWebhook } from '#web/features/agents/api/agents.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { inputClass, labelClass } from '../spec-form/field-styles.ts';
import { SecretField } from './secret-field.tsx';

const code = 'font-mono';

/** A signed call from a shell; the secret comes from the environment, not from the page. */
export function signedCallExample(url: string): string {
  return [
    `BODY='{"event":"test"}'`,
    'TS=$(date +%s)',
    `SIG=$(printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$SPOKE_WEBHOOK_SECRET" -hex | awk '{print $NF}')`,
    `curl -s ${url} \\`,
    `  -H 'Content-Type: application/json' -H "X-Spoke-Timestamp: $TS" \\`,
    `  -H "X-Spoke-Signature: sha256=$SIG" --data-binary "$BODY"`,
  ].join('\n');
}

/** Where other systems call the agent and the secret they sign with. */
function InboundHook({ agent, webhook }: { agent: Agent; webhook: NonNullable<Agent['webhook']> }) {
  const rotate = useRotateWebhook(agent.id);
  const [asking, setAsking] = useState(false);
  const [rotated, setRotated] = useState(false);
  const { url, secret } = webhook;
  const example = signedCallExample(url);

  function close() {
    setAsking(false);
    rotate.reset();
  }

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="webhook-url" className={labelClass}>
          Webhook URL
        </label>
        <div className="flex gap-2">
          <input id="webhook-url" readOnly value={url} className={`${inputClass} font-mono`} />
          <CopyButton text={url} label="Copy webhook URL" />
        </div>
      </div>
      {secret !== undefined && (
        <SecretField
          id="webhook-secret"
          label="Webhook secret (sign calls to this agent)"
          name="webhook secret"
          secret={secret}
        >
          <p>
            Sign each call: send <code className={code}>X-Spoke-Timestamp</code> (the time, in Unix
            seconds) and{' '}
            <code className={`${code} break-all`}>
              X-Spoke-Signature: sha256=&lt;hex HMAC-SHA256 of
              &quot;&lt;timestamp&gt;.&lt;body&gt;&quot;&gt;
            </code>{' '}
            keyed with this secret. Calls more than 5 minutes from now, or sent twice, are refused;
            never send the secret itself. The request body becomes the run&rsquo;s input.
          </p>
          <details className="mt-2">
            <summary className="cursor-pointer font-medium text-slate-700">
              Example call from a shell
            </summary>
            <div className="mt-2 rounded-lg border border-slate-200 bg-slate-50">
              <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-1 pr-1 pl-2">
                <span className="text-slate-600">Shell</span>
                <CopyButton text={example} label="Copy example call" />
              </div>
              <pre className="overflow-x-auto p-2 font-mono text-xs text-slate-900">{example}</pre>
            </div>
            <p className="mt-1">
              Set <code className={code}>SPOKE_WEBHOOK_SECRET</code> to the secret first.
            </p>
          </details>
        </SecretField>
      )}
      <button type="button" className={`${secondaryButton} py-1.5`} onClick={() => setAsking(true)}>
        <RefreshCw aria-hidden="true" className="size-4" /> Rotate secret
      </button>
      <p role="status" className="text-sm text-emerald-800 empty:hidden">
        {rotated ? 'New secret created. The old one no longer works.' : ''}
      </p>
      {asking && (
        <ConfirmDialog
          title="Rotate the webhook secret?"
          confirmLabel="Rotate secret"
          busyLabel="Rotating..."
          busy={rotate.isPending}
          error={rotate.error?.message ?? null}
          onCancel={close}
          onConfirm={() =>
            rotate.mutate(undefined, {
              onSuccess: () => {
                setRotated(true);
                close();
              },
            })
          }
        >
          Calls signed with the current secret fail from then on. Update every system that calls
          this webhook with the new secret.
        </ConfirmDialog>
      )}
    </div>
  );
}

/**
 * The agent's webhooks: the URL others call it at with the secret they sign with (inbound),
 * and the other secret its own deliveries are signed with (outbound). Two secrets, so that a
 * receiver of the agent's deliveries cannot call the agent.
 */
export function WebhookPanel({ agent }: { agent: Agent }) {
  const signing = agent.webhook_signing_secret;
  return (
    <div className="space-y-6">
      {agent.webhook && <InboundHook agent={agent} webhook={agent.webhook} />}
      {signing !== undefined && (
        <div className={agent.webhook ? 'border-t border-slate-200 pt-5' : undefined}>
          <SecretField
            id="webhook-signing-secret"
            label="Signing secret (verify deliveries from this agent)"
            name="signing secret"
            secret={signing}
          >
            <p>
              The agent&rsquo;s <code className={code}>send_webhook</code> deliveries carry{' '}
              <code className={code}>X-Spoke-Timestamp</code> and{' '}
              <code className={code}>X-Spoke-Signature</code>, the same scheme keyed with this
              secret. Check both on the receiving side, and refuse timestamps more than 5 minutes
              old. This secret cannot call the agent.
            </p>
          </SecretField>
        </div>
      )}
    </div>
  );
}
