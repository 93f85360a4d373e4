import { PROMPT_MAX_LENGTH } from '@spoke/shared';
import type { Ref } from 'react';

const STUDIO_PLACEHOLDER =
  'For example: every weekday at 9am, summarise new Zendesk tickets and post them to #support in Slack';

/** A description box (the studio's, or an agent's when it is edited), with its character count. */
export function PromptField({
  id = 'studio-prompt',
  label = 'Describe your agent',
  placeholder = STUDIO_PLACEHOLDER,
  value,
  error,
  readOnly,
  textareaRef,
  onChange,
}: {
  id?: string;
  label?: string;
  placeholder?: string;
  value: string;
  error: string | undefined;
  readOnly: boolean;
  textareaRef: Ref<HTMLTextAreaElement>;
  onChange: (value: string) => void;
}) {
  const length = value.trim().length;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        value={value}
        rows={5}
        maxLength={PROMPT_MAX_LENGTH}
        readOnly={readOnly}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${countId}` : countId}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm leading-6 shadow-sm read-only:bg-slate-50 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none aria-invalid:border-red-500"
      />
      <div className="mt-1 flex items-start justify-between gap-4 text-sm">
        <p id={errorId} className="text-red-700">
          {error}
        </p>
        <p id={countId} className="shrink-0 text-slate-600 tabular-nums">
          {length} / {PROMPT_MAX_LENGTH}
          <span className="sr-only"> characters</span>
        </p>
      </div>
    </div>
  );
}
