import { Link2, Link2Off } from 'lucide-react';

/** Whether the user stored the credentials an integration needs. */
export function ConnectionStatus({ connected }: { connected: boolean }) {
  return connected ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-300 ring-inset">
      <Link2 aria-hidden="true" className="size-3.5" />
      Connected
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
      <Link2Off aria-hidden="true" className="size-3.5" />
      Not connected
    </span>
  );
}
