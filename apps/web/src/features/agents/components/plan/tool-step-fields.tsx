import { inputClass } from '../spec-form/field-styles.ts';
import { ArgField } from './arg-field.tsx';
import { usePlanEditor, type ToolGroup } from './editor-context.ts';
import { fieldsOf, type ToolDraft } from './plan-draft.ts';
import { withTool } from './plan-encode.ts';
import { errorAt, fieldMessage, messageAt } from './plan-errors.ts';
import { PlanField } from './plan-field.tsx';
import { monoInput, ReferencePicker, useInsertion } from './reference-fields.tsx';
import type { Scope } from './references.ts';

const CUSTOM = 'custom:';

/** Which option of the tool picker stands for the step's tool. */
function pickerValue(tool: string, groups: readonly ToolGroup[]): string {
  if (tool === '') return '';
  const group = groups.find((each) => tool.startsWith(`${each.id}.`));
  if (group && group.tools.some((each) => each.name === tool)) return tool;
  if (group && group.tools.length === 0) return `${CUSTOM}${group.id}`;
  return tool;
}

function ToolPicker({
  draft,
  path,
  onChange,
}: {
  draft: ToolDraft;
  path: string;
  onChange: (draft: ToolDraft) => void;
}) {
  const editor = usePlanEditor();
  const key = `${path}.tool`;
  const value = pickerValue(draft.tool, editor.groups);
  const custom = value.startsWith(CUSTOM) ? value.slice(CUSTOM.length) : null;
  const listed = editor.groups.some((group) => group.tools.some((t) => t.name === value));
  const reported = errorAt(editor.errors, key);
  const error = reported && fieldMessage('Tool', reported);
  const description = editor.tools.get(draft.tool)?.description;
  const group = editor.groups.find((each) => each.id === custom);

  function choose(next: string) {
    editor.clearError(key);
    editor.clearError(`${path}.args`);
    const tool = next.startsWith(CUSTOM) ? `${next.slice(CUSTOM.length)}.` : next;
    onChange(withTool(draft, tool, editor.tools));
    if (next.startsWith(CUSTOM)) editor.focusLater(editor.fieldId(`${key}-name`));
  }

  return (
    <>
      <PlanField
        id={editor.fieldId(key)}
        label="Tool"
        required
        hint={
          editor.groups.length === 0
            ? 'This agent has no integrations: add one in its specification to call its tools.'
            : description
        }
        // A tool being named has its error on the name.
        error={custom === null ? error : undefined}
      >
        {(control) => (
          <select
            {...control}
            value={value}
            onChange={(event) => choose(event.target.value)}
            className={`${inputClass} font-mono`}
          >
            <option value="">Choose a tool…</option>
            {editor.groups.map((each) => (
              <optgroup key={each.id} label={each.name}>
                {each.tools.map((tool) => (
                  <option key={tool.name} value={tool.name}>
                    {tool.name}
                  </option>
                ))}
                {each.tools.length === 0 && (
                  <option value={`${CUSTOM}${each.id}`}>{each.id}.… (name a tool)</option>
                )}
              </optgroup>
            ))}
            {value !== '' && !listed && custom === null && (
              <option value={value}>{value} (not among this agent’s integrations)</option>
            )}
          </select>
        )}
      </PlanField>
      {custom !== null && (
        <PlanField
          id={editor.fieldId(`${key}-name`)}
          label={`${group?.name ?? custom} tool name`}
          required
          hint="The catalog lists no tools for this integration: write the tool’s name as its server calls it."
          error={error}
        >
          {(control) => (
            <div className="flex min-w-0 items-stretch">
              <span className="inline-flex items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-2 font-mono text-sm text-slate-600">
                {custom}.
              </span>
              <input
                {...control}
                value={draft.tool.slice(custom.length + 1)}
                spellCheck={false}
                autoCapitalize="off"
                onChange={(event) => {
                  editor.clearError(key);
                  onChange({ ...draft, tool: `${custom}.${event.target.value.trim()}` });
                }}
                className={`${monoInput} rounded-l-none`}
              />
            </div>
          )}
        </PlanField>
      )}
    </>
  );
}

/** All arguments as one JSON object, for a tool whose input schema the catalog does not hold. */
function ArgsJson({
  draft,
  path,
  scope,
  onChange,
}: {
  draft: ToolDraft;
  path: string;
  scope: Scope;
  onChange: (draft: ToolDraft) => void;
}) {
  const editor = usePlanEditor();
  const key = `${path}.args`;
  const change = (argsJson: string) => {
    editor.clearError(key);
    onChange({ ...draft, argsJson });
  };
  const insertion = useInsertion(draft.argsJson, change);
  const error = messageAt(editor.errors, key, 'Arguments', { nested: true, prefix: false });
  return (
    <PlanField
      id={editor.fieldId(key)}
      label="Arguments"
      hint='This tool lists no argument schema: write its arguments as a JSON object, e.g. {"channel": "#ops", "text": "{{steps.fetch.body}}"}.'
      error={error}
      aside={<ReferencePicker scope={scope} field="Arguments" onPick={insertion.insert} />}
    >
      {(control) => (
        <textarea
          {...control}
          {...insertion.bind}
          value={draft.argsJson}
          rows={Math.min(12, Math.max(4, draft.argsJson.split('\n').length))}
          spellCheck={false}
          onChange={(event) => change(event.target.value)}
          className={`${monoInput} leading-5`}
        />
      )}
    </PlanField>
  );
}

/** A tool step: which tool, its arguments, and what a failure does. */
export function ToolStepFields({
  draft,
  path,
  scope,
  onChange,
}: {
  draft: ToolDraft;
  path: string;
  scope: Scope;
  onChange: (draft: ToolDraft) => void;
}) {
  const editor = usePlanEditor();
  const fields = fieldsOf(draft, editor.tools);
  const complete = /^[^.]+\.[^.\s]+/.test(draft.tool);
  return (
    <div className="space-y-4">
      <ToolPicker draft={draft} path={path} onChange={onChange} />
      {complete && fields && (
        <div
          role="group"
          aria-labelledby={editor.fieldId(`${path}.args-heading`)}
          className="min-w-0 space-y-4 rounded-lg bg-slate-50 p-3"
        >
          <p
            id={editor.fieldId(`${path}.args-heading`)}
            className="text-sm font-semibold text-slate-900"
          >
            Arguments
          </p>
          {fields.length === 0 && <p className="text-sm text-slate-600">This tool takes none.</p>}
          {fields.map((field) => (
            <ArgField
              key={field.name}
              field={field}
              text={draft.args[field.name] ?? ''}
              path={path}
              scope={scope}
              onChange={(text) =>
                onChange({ ...draft, args: { ...draft.args, [field.name]: text } })
              }
              {...(field.kind === 'json' &&
              !isNamed(editor.tools.get(draft.tool)?.schema, field.name)
                ? {
                    onRemove: () => {
                      const { [field.name]: _removed, ...rest } = draft.args;
                      editor.resetErrors();
                      onChange({ ...draft, args: rest });
                    },
                  }
                : {})}
            />
          ))}
        </div>
      )}
      {complete && !fields && (
        <ArgsJson draft={draft} path={path} scope={scope} onChange={onChange} />
      )}
      <PlanField id={editor.fieldId(`${path}.on_error`)} label="If the tool fails">
        {(control) => (
          <select
            {...control}
            value={draft.onError}
            onChange={(event) =>
              onChange({ ...draft, onError: event.target.value as ToolDraft['onError'] })
            }
            className={inputClass}
          >
            <option value="stop">Stop the run</option>
            <option value="continue">Go on: later steps see {'{"error": …}'}</option>
          </select>
        )}
      </PlanField>
    </div>
  );
}

function isNamed(schema: Record<string, unknown> | undefined, name: string): boolean {
  const properties = schema?.properties;
  return typeof properties === 'object' && properties !== null && name in properties;
}
