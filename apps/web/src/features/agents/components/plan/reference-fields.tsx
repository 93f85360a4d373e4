import { Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { inputClass, smallButton } from '../spec-form/field-styles.ts';
import { usePlanEditor } from './editor-context.ts';
import { errorAt, messageAt } from './plan-errors.ts';
import { PlanField, type PlanControlProps } from './plan-field.tsx';
import { insertText, referenceOptions, type Scope } from './references.ts';

export const monoInput = `${inputClass} font-mono`;

type TextElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * Puts a `{{reference}}` into a text field where its caret was (at the end if it was never
 * focused), then gives the field focus with the caret after it.
 */
export function useInsertion(value: string, onChange: (text: string) => void) {
  const element = useRef<TextElement | null>(null);
  const touched = useRef(false);
  return {
    bind: {
      ref: (node: TextElement | null) => {
        element.current = node;
      },
      onFocus: () => {
        touched.current = true;
      },
    },
    insert(ref: string) {
      const node = element.current;
      const selection =
        node && touched.current
          ? { start: node.selectionStart ?? value.length, end: node.selectionEnd ?? value.length }
          : null;
      const next = insertText(value, `{{${ref}}}`, selection);
      flushSync(() => onChange(next.text));
      node?.focus();
      node?.setSelectionRange(next.caret, next.caret);
    },
  };
}

/**
 * A select of the references in scope and a button that puts the chosen one in the field:
 * choosing alone does nothing, so moving through the options with the keyboard is safe.
 */
export function ReferencePicker({
  scope,
  field,
  verb = 'Insert',
  onPick,
}: {
  scope: Scope;
  /** The field's name, for the controls' labels. */
  field: string;
  verb?: 'Insert' | 'Use';
  onPick: (ref: string) => void;
}) {
  const [chosen, setChosen] = useState('');
  const options = referenceOptions(scope);
  const where = verb === 'Insert' ? `into ${field}` : `for ${field}`;
  return (
    <div className="flex max-w-full min-w-0 items-center gap-1">
      <select
        aria-label={`Reference to ${verb.toLowerCase()} ${where}`}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        className="w-36 min-w-0 rounded-md border border-slate-300 bg-white py-1 pr-7 pl-2 font-mono text-xs text-slate-700 sm:w-44 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none"
      >
        <option value="">Reference…</option>
        {options.map((option) => (
          <option key={option.ref} value={option.ref}>
            {`{{${option.ref}}}`} – {option.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={smallButton}
        disabled={chosen === ''}
        aria-label={`${verb} ${where}`}
        onClick={() => {
          onPick(chosen);
          setChosen('');
        }}
      >
        {verb}
      </button>
    </div>
  );
}

/** A bare reference (`steps.fetch.body`), typed, with the references in scope suggested. */
export function ReferenceInput({
  control,
  value,
  scope,
  onChange,
}: {
  control: PlanControlProps;
  value: string;
  scope: Scope;
  onChange: (value: string) => void;
}) {
  const listId = useId();
  return (
    <>
      <input
        {...control}
        value={value}
        list={listId}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        placeholder="steps.fetch.body"
        onChange={(event) => onChange(event.target.value)}
        className={monoInput}
      />
      <datalist id={listId}>
        {referenceOptions(scope).map((option) => (
          <option key={option.ref} value={option.ref}>
            {option.label}
          </option>
        ))}
      </datalist>
    </>
  );
}

/** The references a model or agent step reads, one a line. */
export function InputsEditor({
  path,
  inputs,
  scope,
  hint,
  onChange,
}: {
  path: string;
  inputs: string[];
  scope: Scope;
  hint: string;
  onChange: (inputs: string[]) => void;
}) {
  const editor = usePlanEditor();
  const key = (at: number) => `${path}.inputs.${at}`;
  const listError = errorAt(editor.errors, `${path}.inputs`);
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-700">Inputs</legend>
      <p className="mt-0.5 text-xs text-slate-600">
        {hint} Add a .path to go inside a value, e.g. steps.fetch.body.items.
      </p>
      {listError && <p className="mt-1 text-sm text-red-700">{listError}</p>}
      <ul className="mt-2 space-y-2">
        {inputs.map((input, at) => (
          <li key={at} className="flex items-start gap-2">
            <PlanField
              id={editor.fieldId(key(at))}
              label={<span className="sr-only">Input {at + 1}</span>}
              error={messageAt(editor.errors, key(at), `Input ${at + 1}`)}
              className="flex-1"
            >
              {(control) => (
                <ReferenceInput
                  control={control}
                  value={input}
                  scope={scope}
                  onChange={(value) => {
                    editor.clearError(key(at));
                    onChange(inputs.map((each, i) => (i === at ? value : each)));
                  }}
                />
              )}
            </PlanField>
            <button
              type="button"
              className={`${smallButton} mt-1.5`}
              aria-label={`Remove input ${at + 1}`}
              onClick={() => {
                editor.resetErrors();
                onChange(inputs.filter((_, i) => i !== at));
                editor.focusLater(editor.fieldId(`${path}.inputs-add`));
              }}
            >
              <Trash2 aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <button
        id={editor.fieldId(`${path}.inputs-add`)}
        type="button"
        className={`${smallButton} mt-2`}
        disabled={inputs.length >= 10}
        onClick={() => {
          onChange([...inputs, inputs.length === 0 ? 'input' : '']);
          editor.focusLater(editor.fieldId(key(inputs.length)));
        }}
      >
        <Plus aria-hidden="true" className="size-3.5" /> Add input
      </button>
    </fieldset>
  );
}
