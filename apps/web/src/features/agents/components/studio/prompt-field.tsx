import { PROMPT_MAX_LENGTH } from '@spoke/shared';
import type { Ref } from 'react';

/** The studio's description box, with its character count against the limit. */
export function PromptField({
  value,
  error,
  readOnly,
  textareaRef,
  onChange,
}: {
  value: string;
  error: string | undefined;
  readOnly: boolean;
  textareaRef: Ref<HTMLTextAreaElement>;
  onChange: (value: string) => void;
}) {
  const length = value.trim().length;
  return (
    <div>
      <label htmlFor="studio-prompt" className="mb-1 block text-sm font-medium text-slate-800">
        Describe your agent
      </label>
      <textarea
        id="studio-prompt"
        ref={textareaRef}
        value={value}
        rows={5}
        maxLength={PROMPT_MAX_LENGTH}
        readOnly={readOnly}
        placeholder="For example: every weekday at 9am, summarise new Zendesk tickets and post them to #support in Slack"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'studio-prompt-error studio-prompt-count' : 'studio-prompt-count'}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm leading-6 shadow-sm read-only:bg-slate-50 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none aria-invalid:border-red-500"
      />
      <div className="mt-1 flex items-start justify-between gap-4 text-sm">
        <p id="studio-prompt-error" className="text-red-700">
          {error}
        </p>
        <p id="studio-prompt-count" className="shrink-0 text-slate-600 tabular-nums">
          {length} / {PROMPT_MAX_LENGTH}
          <span className="sr-only"> characters</span>
        </p>
      </div>
    </div>
  );
}
