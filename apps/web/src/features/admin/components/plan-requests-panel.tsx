import { planById, type AdminPlanRequest } from '@spoke/shared';
import { useId, useState } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton, secondaryButton } from '#web/components/button-styles.ts';
import { PageLoading } from '#web/components/page-loading.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useDecidePlanRequest, usePlanRequests } from '../api/plan-requests.ts';

/** Pending plan requests: approve (the plan changes at once) or decline, with a note. */
export function PlanRequestsPanel() {
  const requests = usePlanRequests();
  if (requests.isPending) return <PageLoading />;
  if (requests.isError) {
    return (
      <div className="space-y-3">
        <Alert>{requests.error.message}</Alert>
        <button type="button" className={secondaryButton} onClick={() => void requests.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const list = requests.data.requests;
  if (list.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
        No pending plan requests.
      </p>
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">
        Oldest first. Approving changes the user&apos;s plan at once; either way the user gets an
        e-mail with your note.
      </p>
      <ul
        aria-label="Plan requests"
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      >
        {list.map((request) => (
          <PlanRequestItem key={request.id} request={request} />
        ))}
      </ul>
    </>
  );
}

function PlanRequestItem({ request }: { request: AdminPlanRequest }) {
  const decide = useDecidePlanRequest(request.id);
  const [note, setNote] = useState('');
  const [action, setAction] = useState<'approve' | 'decline' | null>(null);
  const noteId = useId();
  const who = request.user.display_name
    ? `${request.user.display_name} (${request.user.email})`
    : request.user.email;
  const target =
    request.plan === 'free' ? 'Free' : `${planById(request.plan).name}, billed ${request.period}`;

  function run(next: 'approve' | 'decline') {
    if (decide.isPending) return;
    setAction(next);
    decide.mutate({ action: next, note });
  }

  return (
    <li aria-label={`Request from ${request.user.email}`} className="space-y-3 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium break-all text-slate-900">{who}</p>
        <p className="text-sm text-slate-600">
          Asked <time dateTime={request.created_at}>{formatDate(request.created_at)}</time>
        </p>
      </div>
      <p className="text-sm text-slate-700">
        From <strong>{planById(request.user.plan).name}</strong> to <strong>{target}</strong>
      </p>
      <div>
        <label htmlFor={noteId} className="block text-sm font-medium text-slate-800">
          Note to the user (optional)
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={1000}
          rows={2}
          onChange={(event) => setNote(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={`${primaryButton} aria-disabled:opacity-60`}
          aria-disabled={decide.isPending}
          onClick={() => run('approve')}
        >
          {decide.isPending && action === 'approve' && <Spinner />}
          Approve
        </button>
        <button
          type="button"
          className={`${secondaryButton} aria-disabled:opacity-60`}
          aria-disabled={decide.isPending}
          onClick={() => run('decline')}
        >
          {decide.isPending && action === 'decline' && <Spinner />}
          Decline
        </button>
      </div>
      {decide.isError && <Alert>{decide.error.message}</Alert>}
    </li>
  );
}
