import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { primaryButton } from '#web/components/button-styles.ts';

// The catalogue's 403 text, shown without asking the server: the account says it is no admin.
const FORBIDDEN_MESSAGE = "Access denied. You don't have permission to perform this action.";

export function AccessDenied() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <ShieldAlert aria-hidden="true" className="mx-auto size-10 text-red-700" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Access denied</h1>
      <p role="alert" className="mt-2 text-slate-600">
        {FORBIDDEN_MESSAGE}
      </p>
      <Link to="/app/dashboard" className={`${primaryButton} mt-6`}>
        Back to dashboard
      </Link>
    </div>
  );
}
