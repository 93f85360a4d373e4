/**
 * A list's place while it loads, at the height of what usually replaces it (its empty state), so
 * the sections below do not jump when the data comes.
 */
export function ListPlaceholder({ label, className }: { label: string; className: string }) {
  return (
    <div
      role="status"
      className={`animate-pulse rounded-xl border border-dashed border-slate-200 bg-slate-50 ${className}`}
    >
      <span className="sr-only">{label}</span>
    </div>
  );
}
