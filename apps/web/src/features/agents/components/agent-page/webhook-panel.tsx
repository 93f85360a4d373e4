import type { Agent } from '@spoke/shared';
import { Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { secondaryButton } from '../../../../components/button-styles.ts';
import { useRotateWebhook } from '../../api/agents.ts';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { CopyButton } from '../../../../components/copy-button.tsx';
import { inputClass, labelClass, smallButton } from '../spec-form/field-styles.ts';

/** Where other systems call the agent, and the secret they authenticate with. */
export function WebhookPanel({
  agent,
  webhook,
}: {
  agent: Agent;
  webhook: NonNullable<Agent['webhook']>;
}) {
  const rotate = useRotateWebhook(agent.id);
  const [shown, setShown] = useState(false);
  const [asking, setAsking] = useState(false);
  const [rotated, setRotated] = useState(false);
  const { url, secret } = webhook;

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
        <div>
          <label htmlFor="webhook-secret" className={labelClass}>
            Secret
          </label>
          <div className="flex gap-2">
            <input
              id="webhook-secret"
              readOnly
              type={shown ? 'text' : 'password'}
              value={secret}
              className={`${inputClass} font-mono`}
            />
            <button
              type="button"
              className={smallButton}
              aria-pressed={shown}
              aria-label="Show secret"
              onClick={() => setShown((now) => !now)}
            >
              {shown ? (
                <EyeOff aria-hidden="true" className="size-3.5" />
              ) : (
                <Eye aria-hidden="true" className="size-3.5" />
              )}
            </button>
            <CopyButton text={secret} label="Copy webhook secret" />
          </div>
          <p className="mt-1 text-xs text-slate-600">
            Send it as <code className="font-mono">Authorization: Bearer &lt;secret&gt;</code>, or
            sign the body with HMAC-SHA256 in{' '}
            <code className="font-mono">X-Spoke-Signature: sha256=&lt;hex&gt;</code>. The request
            body becomes the run&rsquo;s input.
          </p>
        </div>
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
