import { planById } from '@spoke/shared';
import { Alert } from '#web/components/alert.tsx';
import type { PlanRequest } from '@spoke/shared';
import { useWithdrawRequest } from '../api/upgrade.ts';
import { formatDate } from '../format.ts';
import { Button } from '#web/components/ui/button.tsx';

const planText = (request: PlanRequest) =>
  request.plan === 'free' ? 'Free' : `${planById(request.plan).name}, billed ${request.period}`;

/** The user's latest plan request: pending (withdrawable), approved or declined with its note. */
export function PlanRequestStatus({ request }: { request: PlanRequest }) {
  const withdraw = useWithdrawRequest();
  if (request.status === 'withdrawn') return null;
  const tone =
    request.status === 'pending'
      ? 'border-amber-200 bg-amber-50 text-amber-950'
      : request.status === 'approved'
        ? 'border-emerald-200 bg-emerald-50 text-emerald-950'
        : 'border-slate-300 bg-slate-50 text-slate-900';
  const title = {
    pending: 'Plan request pending',
    approved: 'Plan request approved',
    declined: 'Plan request declined',
  }[request.status];
  return (
    <section
      aria-label="Plan request"
      className={`mt-6 rounded-xl border px-4 py-3 text-sm ${tone}`}
    >
      <h2 className="font-semibold">{title}</h2>
      {request.status === 'pending' && (
        <p className="mt-1">
          You asked for {planText(request)} on{' '}
          <time dateTime={request.created_at}>{formatDate(request.created_at)}</time>. An
          administrator will review it; you will get an e-mail with the answer.
        </p>
      )}
      {request.status === 'approved' && (
        <p className="mt-1">
          Your request for {planText(request)} was approved
          {request.decided_at && (
            <>
              {' '}
              on <time dateTime={request.decided_at}>{formatDate(request.decided_at)}</time>
            </>
          )}
          .
        </p>
      )}
      {request.status === 'declined' && (
        <p className="mt-1">
          Your request for {planText(request)} was declined; your plan stays{' '}
          {planById(request.from_plan).name}.
        </p>
      )}
      {request.note && (
        <p className="mt-1">
          <span className="font-medium">Note from the administrator:</span> {request.note}
        </p>
      )}
      {request.status === 'pending' && (
        <div className="mt-3 space-y-2">
          <Button
            variant="secondary"
            keepFocus
            pending={withdraw.isPending}
            onClick={() => withdraw.mutate()}
          >
            Withdraw request
          </Button>
          {withdraw.isError && <Alert>{withdraw.error.message}</Alert>}
        </div>
      )}
    </section>
  );
}
