/** Placeholder cards in the shape of the results, while the first page loads. */
export function ServerListSkeleton() {
  return (
    <div>
      {/* In the place, and at the height, of the "Showing 30 servers" line that replaces it. */}
      <p role="status" className="mb-3 text-sm text-slate-600">
        Loading servers…
      </p>
      <ul aria-hidden="true" className="grid gap-4 md:grid-cols-2">
        {Array.from({ length: 8 }, (_, index) => (
          <li
            key={index}
            className="animate-pulse rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex items-start gap-3">
              <div className="size-9 shrink-0 rounded-lg bg-slate-200" />
              <div className="min-w-0 flex-1">
                <div className="h-5 w-2/3 rounded bg-slate-200" />
                <div className="mt-1 h-4 w-1/2 rounded bg-slate-100" />
              </div>
            </div>
            <div className="mt-3 h-3 w-full rounded bg-slate-100" />
            <div className="mt-2 h-3 w-4/5 rounded bg-slate-100" />
            <div className="mt-4 flex gap-2">
              <div className="h-4 w-16 rounded-full bg-slate-200" />
              <div className="h-4 w-20 rounded-full bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
