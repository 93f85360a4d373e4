import type { ServerStatus } from '@spoke/shared';
import { Archive, TriangleAlert } from 'lucide-react';

/** Marks a server that is no longer active; an active one needs no badge. */
export function StatusBadge({ status }: { status: ServerStatus }) {
  if (status === 'active') return null;
  const deprecated = status === 'deprecated';
  const Icon = deprecated ? TriangleAlert : Archive;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        deprecated
          ? 'bg-orange-50 text-orange-900 ring-orange-300'
          : 'bg-red-50 text-red-800 ring-red-300'
      }`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {deprecated ? 'Deprecated' : 'Deleted'}
    </span>
  );
}
