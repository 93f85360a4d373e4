import {
  POLL_INTERVAL_MAX_MINUTES,
  POLL_INTERVAL_MIN_MINUTES,
  type EventDelivery,
  type IntegrationInfo,
} from '@spoke/shared';
import { useId } from 'react';
import { formatCount } from '#web/features/agents/format.ts';
import { errorClass, inputClass } from './field-styles.ts';
import { ChoiceCard } from './choice-card.tsx';
import { FormField } from './form-field.tsx';
import type { SpecDraft, SpecErrors } from './spec-draft.ts';

type Event = IntegrationInfo['events'][number];

/** The interval's bounds, and what a check costs (nothing: only the runs it starts count). */
function intervalHint(): string {
  return `From ${POLL_INTERVAL_MIN_MINUTES} to ${formatCount(POLL_INTERVAL_MAX_MINUTES)} minutes. Checks are free; a check that finds something new starts a run, counted like any run.`;
}

/**
 * How an event reaches the agent: the service's webhook, or checks of one of the integration's
 * tools every few minutes (the tool picked from those the catalog knows, where it knows some).
 */
export function DeliveryFields({
  draft,
  errors,
  integration,
  event,
  onChange,
}: {
  draft: SpecDraft;
  errors: SpecErrors;
  /** The chosen integration, once the catalog has loaded. */
  integration: IntegrationInfo | undefined;
  event: Event | undefined;
  onChange: (patch: Partial<SpecDraft>) => void;
}) {
  const errorId = useId();
  const name = integration?.name ?? draft.eventIntegration;
  const noWebhook = event?.webhook === false;
  const typeError = errors['trigger.delivery'] ?? errors['trigger.delivery.type'];
  const choices: { type: EventDelivery['type']; label: string; hint: string }[] = [
    {
      type: 'webhook',
      label: `By ${name}’s webhook`,
      hint: noWebhook
        ? `${name} cannot send this event to a webhook.`
        : `${name} calls this agent’s webhook URL when it happens.`,
    },
    {
      type: 'poll',
      label: `By checking ${name} regularly`,
      hint: 'Spoke calls one of its tools and starts a run for what is new since the last check.',
    },
  ];

  return (
    <div className="space-y-4 sm:col-span-2">
      <fieldset aria-describedby={typeError ? errorId : undefined}>
        <legend className="mb-1 block text-sm font-medium text-slate-700">
          How Spoke learns of it
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {choices.map(({ type, label, hint }) => (
            <ChoiceCard
              key={type}
              name="event-delivery"
              value={type}
              label={label}
              hint={hint}
              checked={draft.deliveryType === type}
              // A saved webhook delivery stays selectable, so that it can be seen and changed.
              disabled={type === 'webhook' && noWebhook && draft.deliveryType !== 'webhook'}
              invalid={Boolean(typeError)}
              onChange={() => onChange({ deliveryType: type })}
            />
          ))}
        </div>
        {typeError && (
          <p id={errorId} className={errorClass}>
            {typeError}
          </p>
        )}
      </fieldset>
      {draft.deliveryType === 'poll' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Check every (minutes)"
            hint={intervalHint()}
            error={errors['trigger.delivery.interval_minutes']}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={POLL_INTERVAL_MIN_MINUTES}
                max={POLL_INTERVAL_MAX_MINUTES}
                step={1}
                value={draft.pollInterval}
                onChange={(change) => onChange({ pollInterval: change.target.value })}
                className={inputClass}
              />
            )}
          </FormField>
          <ToolField
            draft={draft}
            error={errors['trigger.delivery.tool']}
            integration={integration}
            event={event}
            onChange={onChange}
          />
        </div>
      )}
    </div>
  );
}

function ToolField({
  draft,
  error,
  integration,
  event,
  onChange,
}: {
  draft: SpecDraft;
  error: string | undefined;
  integration: IntegrationInfo | undefined;
  event: Event | undefined;
  onChange: (patch: Partial<SpecDraft>) => void;
}) {
  const tools = integration?.tools ?? [];
  const fallback = event?.poll_tool;
  // Arguments belong to the tool they were written for.
  const choose = (tool: string) =>
    onChange(tool === draft.pollTool ? {} : { pollTool: tool, pollArguments: undefined });
  const label = 'Tool that lists new items';
  if (tools.length === 0) {
    return (
      <FormField
        label={label}
        error={error}
        hint={
          fallback
            ? `Leave empty for ${fallback}, the usual one.`
            : `The name of the ${integration?.name ?? draft.eventIntegration} tool that lists recent items.`
        }
      >
        {(control) => (
          <input
            {...control}
            value={draft.pollTool}
            placeholder={fallback}
            spellCheck={false}
            autoComplete="off"
            maxLength={100}
            onChange={(change) => choose(change.target.value)}
            className={`${inputClass} font-mono`}
          />
        )}
      </FormField>
    );
  }
  // The saved tool stays selectable even when the catalog no longer lists it.
  const listed = tools.some((tool) => tool.name === draft.pollTool);
  const description = tools.find((tool) => tool.name === (draft.pollTool || fallback));
  return (
    <FormField label={label} error={error} hint={description?.description}>
      {(control) => (
        <select
          {...control}
          value={draft.pollTool}
          onChange={(change) => choose(change.target.value)}
          className={inputClass}
        >
          <option value="">{fallback ? `${fallback} (the usual one)` : 'Choose a tool'}</option>
          {draft.pollTool !== '' && !listed && (
            <option value={draft.pollTool}>{draft.pollTool}</option>
          )}
          {tools.map((tool) => (
            <option key={tool.name} value={tool.name}>
              {tool.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
