/** One choice of a radio group drawn as a card: its name in bold and a line that explains it. */
export function ChoiceCard({
  name,
  value,
  checked,
  disabled = false,
  invalid = false,
  label,
  hint,
  onChange,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  invalid?: boolean;
  label: string;
  hint: string;
  onChange: () => void;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm has-checked:border-blue-500 has-checked:bg-blue-50/50 has-disabled:cursor-not-allowed has-disabled:opacity-60">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        onChange={onChange}
        className="mt-0.5 size-4 accent-blue-600"
      />
      <span>
        <span className="block font-medium text-slate-900">{label}</span>
        <span className="block text-slate-600">{hint}</span>
      </span>
    </label>
  );
}
