import type { Billing } from '@spoke/shared';
import { UsageMeter } from './usage-meter.tsx';

/** The plan's allowances against this period's usage. */
export function UsageSummary({ billing }: { billing: Billing }) {
  const { usage, limits } = billing;
  return (
    <div className="space-y-4">
      <UsageMeter
        label="Messages this period"
        used={usage.messages_this_period}
        limit={limits.monthly_messages}
      />
      {limits.daily_messages !== null && (
        <UsageMeter
          label="Messages today"
          used={usage.messages_today}
          limit={limits.daily_messages}
        />
      )}
      <UsageMeter
        label="Integration credits"
        used={usage.integration_credits_used}
        limit={limits.integration_credits}
      />
    </div>
  );
}
