import { YEARLY_SAVING_PERCENT } from '@spoke/shared';
import type { BillingPeriod } from '@spoke/shared';

const OPTIONS: { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

/** Monthly/Yearly as a native radio group: arrow keys and screen readers work as usual. */
export function BillingToggle({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (value: BillingPeriod) => void;
}) {
  return (
    <fieldset className="flex justify-center">
      <legend className="sr-only">Billing period</legend>
      <div className="relative">
        <div className="inline-flex rounded-full border border-slate-300 bg-white p-1 shadow-sm">
          {OPTIONS.map((option) => (
            <label
              key={option.value}
              className="cursor-pointer rounded-full px-5 py-2 text-sm font-semibold text-slate-700 transition has-checked:bg-blue-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600"
            >
              <input
                type="radio"
                name="billing-period"
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              {option.label}
            </label>
          ))}
        </div>
        {/* Placed beside the switch, not in the flow, so the switch does not move under the pointer. */}
        {value === 'yearly' && (
          <span className="absolute top-full left-1/2 mt-2 -translate-x-1/2 rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold whitespace-nowrap text-emerald-800 sm:top-1/2 sm:left-full sm:mt-0 sm:ml-3 sm:translate-x-0 sm:-translate-y-1/2">
            Save {YEARLY_SAVING_PERCENT}%
          </span>
        )}
      </div>
    </fieldset>
  );
}
