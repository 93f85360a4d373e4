/** Stand-ins shaped like the agent rows while the first page loads. */
export function AgentListSkeleton({ label = 'Loading agents...' }: { label?: string }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul aria-hidden="true" className="space-y-3">
        {Array.from({ length: 3 }, (_, index) => (
          <li
            key={index}
            className="rounded-xl border border-slate-200 bg-white p-5 motion-safe:animate-pulse"
          >
            <div className="flex gap-3">
              <div className="h-5 w-48 max-w-full rounded bg-slate-200" />
              <div className="h-5 w-16 rounded-full bg-slate-100" />
            </div>
            <div className="mt-3 h-4 w-3/4 rounded bg-slate-100" />
            <div className="mt-2 h-4 w-1/2 rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}
