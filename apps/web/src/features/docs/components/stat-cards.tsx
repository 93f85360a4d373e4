import { FolderPlus, MemoryStick, PackagePlus, Zap } from 'lucide-react';
import { PERFORMANCE_STATS } from './demo-commands.ts';

const ICONS = { zap: Zap, folder: FolderPlus, package: PackagePlus, memory: MemoryStick };

/** The CLI's performance claims, each an upper bound. */
export function StatCards() {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {PERFORMANCE_STATS.map(({ value, label, icon }) => {
        const Icon = ICONS[icon];
        return (
          <div
            key={label}
            data-testid="stat-card"
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
          >
            <dt className="order-2 mt-1 text-sm text-slate-600">{label}</dt>
            <dd className="order-1 flex items-center gap-2 text-xl font-bold text-slate-900 sm:text-2xl">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-blue-600" />
              <span>&lt; {value}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
