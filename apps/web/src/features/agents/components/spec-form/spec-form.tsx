import {
  AGENT_CATEGORIES,
  AGENT_NAME_MAX,
  AGENT_SUMMARY_MAX,
  INSTRUCTIONS_MAX,
  type Agent,
  type IntegrationInfo,
} from '@spoke/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FieldErrorsAlert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button-styles.ts';
import { useSaveSpec } from '#web/features/agents/api/agents.ts';
import { checkCron } from './cron.ts';
import { inputClass } from './field-styles.ts';
import { FormField } from './form-field.tsx';
import { GuardrailsEditor } from './guardrails-editor.tsx';
import { IntegrationsEditor } from './integrations-editor.tsx';
import {
  draftFromSpec,
  errorsFromFields,
  isDirty,
  specPatch,
  validateDraft,
  type SpecDraft,
  type SpecErrors,
} from './spec-draft.ts';
import { StepsEditor } from './steps-editor.tsx';
import { toolGroupsFor } from '../tool-picker.tsx';
import { TriggerFields } from './trigger-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';

// Errors the form shows beside a field; anything else is listed above the Save button.
const FIELD_KEY =
  /^(name|summary|category|instructions|trigger\.\w+|integrations|steps|guardrails)(\.|$)/;

/** Edits the agent's spec and saves it with `PATCH /api/agents/{id}`. */
export function SpecForm({
  agent,
  catalog,
}: {
  agent: Agent;
  catalog: readonly IntegrationInfo[] | undefined;
}) {
  const save = useSaveSpec(agent.id);
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<SpecDraft>(() => draftFromSpec(agent.spec));
  const [errors, setErrors] = useState<SpecErrors>({});
  const [saved, setSaved] = useState(false);
  const [focusError, setFocusError] = useState(0);

  useEffect(() => {
    if (focusError === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  function change(patch: Partial<SpecDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setSaved(false);
    if (Object.keys(errors).length > 0) {
      // An edited field's error is about a value that is gone.
      const cleared = { ...errors };
      for (const key of Object.keys(patch)) {
        for (const errorKey of Object.keys(cleared)) {
          if (errorKey.startsWith(fieldPath(key))) delete cleared[errorKey];
        }
      }
      setErrors(cleared);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const found = validateDraft(draft, agent.spec);
    if (draft.triggerType === 'schedule') {
      const check = checkCron(draft.cron, draft.timezone);
      if (!check.ok) found[`trigger.${check.field}`] ??= check.error;
    }
    setErrors(found);
    setSaved(false);
    if (Object.keys(found).length > 0) {
      setFocusError((n) => n + 1);
      return;
    }
    save.mutate(specPatch(draft), {
      onSuccess: (updated) => {
        setDraft(draftFromSpec(updated.spec));
        setSaved(true);
      },
      onError: (error) => {
        setErrors(errorsFromFields(error.fields));
        setFocusError((n) => n + 1);
      },
    });
  }

  const dirty = isDirty(draft, agent.spec);
  const otherErrors = Object.entries(errors).filter(([key]) => !FIELD_KEY.test(key));

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label="Agent specification"
      className="space-y-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.name}>
          {(control) => (
            <input
              {...control}
              value={draft.name}
              maxLength={AGENT_NAME_MAX}
              onChange={(event) => change({ name: event.target.value })}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label="Category" error={errors.category}>
          {(control) => (
            <select
              {...control}
              value={draft.category}
              onChange={(event) =>
                change({ category: event.target.value as SpecDraft['category'] })
              }
              className={inputClass}
            >
              {AGENT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField label="Summary" error={errors.summary}>
        {(control) => (
          <input
            {...control}
            value={draft.summary}
            maxLength={AGENT_SUMMARY_MAX}
            onChange={(event) => change({ summary: event.target.value })}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField
        label="Instructions"
        hint="What the agent is told at the start of every run."
        error={errors.instructions}
      >
        {(control) => (
          <textarea
            {...control}
            rows={6}
            value={draft.instructions}
            maxLength={INSTRUCTIONS_MAX}
            onChange={(event) => change({ instructions: event.target.value })}
            className={`${inputClass} leading-6`}
          />
        )}
      </FormField>
      <TriggerFields draft={draft} errors={errors} catalog={catalog} onChange={change} />
      <IntegrationsEditor
        integrations={draft.integrations}
        errors={errors}
        catalog={catalog}
        onChange={(integrations) => change({ integrations })}
      />
      <StepsEditor
        steps={draft.steps}
        errors={errors}
        toolGroups={toolGroupsFor(
          draft.integrations.map(({ id }) => id),
          catalog ?? [],
        )}
        onChange={(steps) => change({ steps })}
      />
      <GuardrailsEditor
        guardrails={draft.guardrails}
        errors={errors}
        onChange={(guardrails) => change({ guardrails })}
      />

      {save.isError && <FieldErrorsAlert message={save.error.message} fields={otherErrors} />}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <Button type="submit" keepFocus pending={save.isPending} pendingLabel="Saving...">
          Save changes
        </Button>
        <button
          type="button"
          className={secondaryButton}
          disabled={!dirty || save.isPending}
          onClick={() => {
            setDraft(draftFromSpec(agent.spec));
            setErrors({});
            save.reset();
          }}
        >
          Discard changes
        </button>
        <p role="status" className="text-sm text-slate-600">
          {saved ? 'Changes saved.' : dirty ? 'You have unsaved changes.' : ''}
        </p>
      </div>
    </form>
  );
}

/** The error-key prefix of a draft field. */
function fieldPath(key: string): string {
  switch (key) {
    case 'cron':
    case 'timezone':
      return `trigger.${key}`;
    case 'scheduleText':
      return 'trigger.text';
    case 'eventIntegration':
      return 'trigger.integration';
    case 'event':
      return 'trigger.event';
    case 'deliveryType':
      return 'trigger.delivery';
    case 'pollInterval':
      return 'trigger.delivery.interval_minutes';
    case 'pollTool':
    case 'pollArguments':
      return 'trigger.delivery.tool';
    case 'triggerType':
      return 'trigger';
    default:
      return key;
  }
}
