import type { EmailRecipient, EmailRecipientStatus } from '@spoke/shared';
import { Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { secondaryButton } from '#web/components/button-styles.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useRemoveEmailRecipient } from '../api/email-recipients.ts';

const STATUS: Record<EmailRecipientStatus, { label: string; tone: string }> = {
  pending: { label: 'Waiting for an answer', tone: 'bg-amber-50 text-amber-900 ring-amber-300' },
  confirmed: { label: 'Allowed', tone: 'bg-green-50 text-green-800 ring-green-300' },
  declined: { label: 'Declined', tone: 'bg-slate-100 text-slate-700 ring-slate-300' },
};

function when(recipient: EmailRecipient): string {
  if (recipient.status === 'pending') return `Asked ${formatDate(recipient.requested_at)}`;
  const verb = recipient.status === 'confirmed' ? 'Allowed' : 'Declined';
  return `${verb} ${formatDate(recipient.answered_at ?? recipient.requested_at)}`;
}

/** The addresses asked, with their answers; pending and allowed ones can be removed. */
export function RecipientList({
  recipients,
  fallbackFocus,
}: {
  recipients: EmailRecipient[];
  fallbackFocus: () => HTMLElement | null;
}) {
  const remove = useRemoveEmailRecipient();
  const [asking, setAsking] = useState<EmailRecipient | null>(null);
  // The dialog gives focus back to the row's button, and the row leaves the list just after:
  // once it is gone, focus goes to `fallbackFocus` instead of being lost.
  const removed = useRef<string | null>(null);
  useEffect(() => {
    const id = removed.current;
    if (!id || recipients.some((r) => r.id === id)) return;
    removed.current = null;
    if (document.activeElement === document.body || !document.activeElement) {
      fallbackFocus()?.focus();
    }
  }, [recipients, fallbackFocus]);

  if (recipients.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        No recipients yet: your agents may e-mail only your own address.
      </p>
    );
  }

  function close() {
    setAsking(null);
    remove.reset();
  }

  return (
    <>
      <ul
        aria-label="E-mail recipients"
        className="divide-y divide-slate-200 rounded-xl border border-slate-200"
      >
        {recipients.map((recipient) => {
          const status = STATUS[recipient.status];
          return (
            <li
              key={recipient.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
            >
              <Mail aria-hidden="true" className="hidden size-5 shrink-0 text-slate-500 sm:block" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
                  <span className="min-w-0 wrap-anywhere">{recipient.email}</span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${status.tone}`}
                  >
                    {status.label}
                  </span>
                </p>
                <p className="text-sm text-slate-600">
                  {when(recipient)}
                  {recipient.status === 'declined' && ' · It cannot be asked again'}
                </p>
              </div>
              {recipient.status !== 'declined' && (
                <button
                  type="button"
                  className={`${secondaryButton} py-1.5`}
                  aria-label={`Remove ${recipient.email}`}
                  onClick={() => setAsking(recipient)}
                >
                  Remove
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {asking && (
        <ConfirmDialog
          title="Remove this address?"
          confirmLabel="Remove address"
          busyLabel="Removing..."
          busy={remove.isPending}
          error={remove.error?.message ?? null}
          onCancel={close}
          onConfirm={() => {
            removed.current = asking.id;
            remove.mutate(asking, { onSuccess: close });
          }}
          fallbackFocus={fallbackFocus}
        >
          <strong className="wrap-anywhere">{asking.email}</strong>:{' '}
          {asking.status === 'confirmed'
            ? 'your agents can no longer e-mail it. To add it again, its owner must allow it again from a new link.'
            : 'the link already sent stops working, and your agents will not e-mail it.'}
        </ConfirmDialog>
      )}
    </>
  );
}
