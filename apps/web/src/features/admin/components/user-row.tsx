import { PLANS, type AdminUser, type PlanId } from '@spoke/shared';
import { useId } from 'react';
import { secondaryButton } from '#web/components/button-styles.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { useUpdateUser } from '../api/admin.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function joined(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

function adminLock(user: AdminUser, isSelf: boolean): string | null {
  if (user.admin_from_env) {
    return "Admin through the server's ADMIN_EMAILS setting; change it there.";
  }
  if (isSelf && user.is_admin) return 'You cannot remove your own admin rights.';
  return null;
}

export function UserRow({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const update = useUpdateUser(user.id);
  const planId = useId();
  const noteId = useId();
  const lock = adminLock(user, isSelf);
  const name = user.display_name || user.username;
  const error =
    update.error?.fields?.is_admin ?? update.error?.fields?.plan ?? update.error?.message;
  const changingAdmin = update.isPending && update.variables.is_admin !== undefined;

  return (
    <li className="grid gap-3 px-4 py-4 md:grid-cols-[minmax(0,1fr)_11rem_11rem] md:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="truncate">{name}</span>
          {user.is_admin && (
            <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800">
              Admin
            </span>
          )}
          {isSelf && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              You
            </span>
          )}
        </p>
        <p className="truncate text-sm text-slate-600">
          @{user.username} · {user.email}
        </p>
        <p className="text-xs text-slate-600">Joined {joined(user.created_at)}</p>
        {lock && (
          <p id={noteId} className="mt-1 text-xs text-slate-600">
            {lock}
          </p>
        )}
        {update.isError && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div>
        <label
          htmlFor={planId}
          className="mb-1 block text-xs font-medium text-slate-600 md:sr-only"
        >
          Plan<span className="sr-only"> for {user.username}</span>
        </label>
        <select
          id={planId}
          value={user.plan}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ plan: event.target.value as PlanId })}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none"
        >
          {PLANS.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className={`${secondaryButton} py-2`}
        disabled={lock !== null || update.isPending}
        aria-describedby={lock ? noteId : undefined}
        aria-label={`${user.is_admin ? 'Revoke admin' : 'Grant admin'} for ${user.username}`}
        onClick={() => update.mutate({ is_admin: !user.is_admin })}
      >
        {changingAdmin && <Spinner />}
        {user.is_admin ? 'Revoke admin' : 'Grant admin'}
      </button>
    </li>
  );
}
