import { Trash2 } from 'lucide-react';
import { errorClass, hintClass, inputClass, smallButton } from '../spec-form/field-styles.ts';
import { usePlanEditor } from './editor-context.ts';
import { messageAt } from './plan-errors.ts';
import { PlanField, RequiredMark, type PlanControlProps } from './plan-field.tsx';
import { monoInput, ReferencePicker, useInsertion } from './reference-fields.tsx';
import type { Scope } from './references.ts';
import { holdsReference, jsonProblem, type ArgField as Field } from './tool-fields.ts';

// An empty optional JSON field stays small until something is written in it.
const rowsFor = (text: string, least: number) =>
  text === '' ? 2 : Math.min(12, Math.max(least, text.split('\n').length));

/** A text area or line for text that may hold references, wired to a reference picker. */
function TextControl({
  control,
  text,
  multiline,
  mono,
  placeholder,
  bind,
  onChange,
}: {
  control: PlanControlProps;
  text: string;
  multiline: boolean;
  mono: boolean;
  placeholder?: string | undefined;
  bind: ReturnType<typeof useInsertion>['bind'];
  onChange: (text: string) => void;
}) {
  const common = {
    ...control,
    ...bind,
    value: text,
    spellCheck: false,
    placeholder,
    className: `${mono ? monoInput : inputClass} leading-5`,
  };
  if (multiline) {
    return (
      <textarea
        {...common}
        rows={rowsFor(text, mono ? 4 : 3)}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  // One line of text that wraps, so that a long URL stays in view on a phone; Enter submits the
  // form as it would in an input.
  return (
    <textarea
      {...common}
      rows={Math.min(6, Math.max(1, Math.ceil(text.length / 60)))}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
        event.preventDefault();
        event.currentTarget.form?.requestSubmit();
      }}
      onChange={(event) => onChange(event.target.value)}
      className={`${common.className} resize-none field-sizing-content`}
    />
  );
}

/**
 * One argument of a tool step, as its input schema asks: a line of text, a number, a switch, a
 * choice, or JSON. A number, switch or choice may also be given a reference instead.
 */
export function ArgField({
  field,
  text,
  path,
  scope,
  onChange,
  onRemove,
}: {
  field: Field;
  text: string;
  /** The step's path, e.g. `steps.1`. */
  path: string;
  scope: Scope;
  onChange: (text: string) => void;
  /** For arguments the tool's schema does not name. */
  onRemove?: () => void;
}) {
  const editor = usePlanEditor();
  const key = `${path}.args.${field.name}`;
  const id = editor.fieldId(key);
  const change = (next: string) => {
    editor.clearError(key);
    onChange(next);
  };
  const insertion = useInsertion(text, change);
  const reported = messageAt(editor.errors, key, field.name, { nested: true });
  const error = reported
    ? reported
    : field.kind === 'json'
      ? (jsonProblem(text) ?? undefined)
      : undefined;
  const fixedKind = field.kind !== 'string' && field.kind !== 'text' && field.kind !== 'json';
  const referenced = fixedKind && holdsReference(text);
  const textual = !fixedKind || referenced;
  const hint =
    field.kind === 'json' ? (
      <>
        {field.description} JSON, or one reference such as {'{{steps.fetch.body}}'}.
      </>
    ) : (
      field.description
    );
  const label = <span className="font-mono">{field.name}</span>;

  const aside = (
    <div className="flex max-w-full min-w-0 flex-wrap items-center justify-end gap-1">
      {textual ? (
        <ReferencePicker scope={scope} field={field.name} onPick={insertion.insert} />
      ) : (
        <ReferencePicker
          scope={scope}
          field={field.name}
          verb="Use"
          onPick={(ref) => {
            change(`{{${ref}}}`);
            editor.focusLater(id);
          }}
        />
      )}
      {referenced && (
        <button
          type="button"
          className={smallButton}
          onClick={() => {
            change('');
            editor.focusLater(id);
          }}
        >
          Use a fixed value
        </button>
      )}
      {onRemove && (
        <button
          type="button"
          className={smallButton}
          aria-label={`Remove argument ${field.name}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" className="size-3.5" />
        </button>
      )}
    </div>
  );

  if (field.kind === 'boolean' && !referenced) {
    const checked = text === 'true' || (text === '' && field.fallback === 'true');
    const describedBy =
      [error && `${id}-error`, field.description && `${id}-hint`].filter(Boolean).join(' ') ||
      undefined;
    return (
      <div className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <div className="flex items-center gap-2">
            <input
              id={id}
              type="checkbox"
              checked={checked}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => change(event.target.checked ? 'true' : 'false')}
              className="size-4 rounded border-slate-300 accent-blue-600"
            />
            <label htmlFor={id} className="text-sm font-medium text-slate-700">
              {label}
              {field.required && <RequiredMark />}
            </label>
          </div>
          {aside}
        </div>
        {error && (
          <p id={`${id}-error`} className={errorClass}>
            {error}
          </p>
        )}
        {field.description && (
          <p id={`${id}-hint`} className={hintClass}>
            {field.description}
          </p>
        )}
      </div>
    );
  }

  return (
    <PlanField
      id={id}
      label={label}
      required={field.required}
      hint={hint}
      error={error}
      aside={aside}
    >
      {(control) => {
        if (textual) {
          return (
            <TextControl
              control={control}
              text={text}
              multiline={field.kind === 'text' || field.kind === 'json' || text.includes('\n')}
              mono={field.kind === 'json' || referenced}
              placeholder={field.fallback}
              bind={insertion.bind}
              onChange={change}
            />
          );
        }
        if (field.kind === 'enum') {
          return (
            <select
              {...control}
              value={text}
              onChange={(event) => change(event.target.value)}
              className={inputClass}
            >
              <option value="">
                {field.required
                  ? 'Choose…'
                  : `Default${field.fallback ? ` (${field.fallback})` : ''}`}
              </option>
              {field.options?.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          );
        }
        return (
          <input
            {...control}
            type="number"
            inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
            step={field.kind === 'integer' ? 1 : 'any'}
            min={field.minimum}
            max={field.maximum}
            value={text}
            placeholder={field.fallback}
            onChange={(event) => change(event.target.value)}
            className={inputClass}
          />
        );
      }}
    </PlanField>
  );
}
