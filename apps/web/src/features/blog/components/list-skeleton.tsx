/** Grey stand-ins for the cards while the list loads, roughly their size so nothing jumps. */
export function ListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading posts…
      </p>
      <ul className="grid gap-5 lg:grid-cols-2" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li
            key={index}
            className="rounded-xl border border-slate-200 p-5 motion-safe:animate-pulse sm:p-6"
          >
            <div className="h-4 w-56 max-w-full rounded bg-slate-200" />
            <div className="mt-4 h-6 w-3/4 rounded bg-slate-200" />
            <div className="mt-4 h-4 w-full rounded bg-slate-100" />
            <div className="mt-2 h-4 w-5/6 rounded bg-slate-100" />
            <div className="mt-5 flex gap-2">
              <div className="h-5 w-16 rounded-full bg-slate-100" />
              <div className="h-5 w-12 rounded-full bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Chip-sized stand-ins for the tag filter on the first load: "All" and the tags, about as many
 * and as wide as the real chips and exactly as tall, so the posts below do not move when the
 * chips arrive.
 */
export function TagFilterSkeleton() {
  return (
    <div aria-hidden="true" className="mt-8 flex flex-wrap gap-2 motion-safe:animate-pulse">
      {['w-11', 'w-25', 'w-41', 'w-18', 'w-34', 'w-20', 'w-27', 'w-27'].map((width, index) => (
        <div key={index} className={`h-7.5 rounded-full bg-slate-100 ${width}`} />
      ))}
    </div>
  );
}

/** The post page's stand-in: title, meta line and a few paragraphs. */
export function PostSkeleton() {
  return (
    <div aria-busy="true" className="mt-6">
      <p role="status" className="sr-only">
        Loading the post…
      </p>
      <div aria-hidden="true" className="motion-safe:animate-pulse">
        <div className="h-5 w-32 rounded-full bg-slate-100" />
        <div className="mt-4 h-9 w-4/5 rounded bg-slate-200" />
        <div className="mt-4 h-5 w-full rounded bg-slate-100" />
        <div className="mt-4 h-4 w-64 max-w-full rounded bg-slate-100" />
        <div className="mt-10 space-y-3">
          {['w-full', 'w-11/12', 'w-full', 'w-3/4', 'w-full', 'w-5/6'].map((width, index) => (
            <div key={index} className={`h-4 rounded bg-slate-100 ${width}`} />
          ))}
        </div>
      </div>
    </div>
  );
}
