import { CalendarClock, TriangleAlert } from 'lucide-react';
import { formatRunTime, type CronCheck } from './cron.ts';

/** The schedule in words and its next run times, or why the expression does not work. */
export function CronHelper({
  id,
  check,
  timezone,
}: {
  id: string;
  check: CronCheck;
  timezone: string;
}) {
  if (!check.ok) {
    return (
      <div
        id={id}
        className="mt-3 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>{check.error}</p>
      </div>
    );
  }
  return (
    <div id={id} className="mt-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
      <p className="flex items-start gap-2 text-slate-800">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-600" />
        <span>
          Runs <strong className="font-semibold">{check.words}</strong> ({timezone}).
        </span>
      </p>
      <p className="mt-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Next runs</p>
      <ol aria-label="Next runs" className="mt-1 space-y-0.5 text-slate-700 tabular-nums">
        {check.next.map((date) => (
          <li key={date.toISOString()}>
            <time dateTime={date.toISOString()}>{formatRunTime(date, timezone)}</time>
          </li>
        ))}
      </ol>
    </div>
  );
}
