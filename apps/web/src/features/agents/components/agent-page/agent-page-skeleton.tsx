/** The agent page's outline while the agent loads. */
export function AgentPageSkeleton() {
  return (
    <div aria-busy="true" className="mx-auto max-w-6xl px-4 py-10">
      <p role="status" className="sr-only">
        Loading the agent...
      </p>
      <div aria-hidden="true" className="motion-safe:animate-pulse">
        <div className="h-4 w-24 rounded bg-slate-100" />
        <div className="mt-4 h-9 w-2/3 rounded bg-slate-200" />
        <div className="mt-3 h-4 w-1/2 rounded bg-slate-100" />
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-6">
            {[40, 56, 96].map((height) => (
              <div
                key={height}
                className="rounded-2xl border border-slate-200 bg-white p-6"
                style={{ height: `${height * 4}px` }}
              >
                <div className="h-5 w-40 rounded bg-slate-200" />
              </div>
            ))}
          </div>
          <div className="h-64 rounded-2xl border border-slate-200 bg-white p-6">
            <div className="h-5 w-32 rounded bg-slate-200" />
          </div>
        </div>
      </div>
    </div>
  );
}
