import { formatCount, usedPercent } from '../format.ts';

/** One allowance: how much is used of it, as figures and as a bar. */
export function UsageMeter({
  label,
  used,
  limit,
}: {
  label: string;
  used: number;
  limit: number | null;
}) {
  const percent = usedPercent(used, limit);
  const full = limit !== null && used >= limit;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="text-slate-600 tabular-nums">
          {formatCount(used)} / {limit === null ? 'Unlimited' : formatCount(limit)}
        </span>
      </div>
      {limit === null ? (
        <div className="mt-2 h-2 rounded-full bg-blue-100" aria-hidden="true" />
      ) : (
        <div
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={`${formatCount(used)} of ${formatCount(limit)} used`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={`h-full rounded-full ${full ? 'bg-red-600' : 'bg-blue-600'}`}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </div>
  );
}
