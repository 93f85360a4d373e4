import type { AgentTriggerType, IntegrationInfo } from '@spoke/shared';
import { useId, useMemo } from 'react';
import { checkCron, CRON_PRESETS, describeCron, timeZones } from './cron.ts';
import { CronHelper } from './cron-helper.tsx';
import { DeliveryFields } from './delivery-fields.tsx';
import { inputClass } from './field-styles.ts';
import { FormField } from './form-field.tsx';
import { browserTimeZone, DEFAULT_CRON, type SpecDraft, type SpecErrors } from './spec-draft.ts';
import { ChoiceCard } from './choice-card.tsx';

const TRIGGER_TYPES: readonly { type: AgentTriggerType; label: string; hint: string }[] = [
  { type: 'manual', label: 'Manually', hint: 'Only when you press Run now or call the API.' },
  { type: 'schedule', label: 'On a schedule', hint: 'At the times a cron expression gives.' },
  { type: 'webhook', label: 'By webhook', hint: 'When another system calls its URL.' },
  { type: 'event', label: 'On an event', hint: 'When something happens in an integration.' },
];

type Change = (patch: Partial<SpecDraft>) => void;

export function TriggerFields({
  draft,
  errors,
  catalog,
  onChange,
}: {
  draft: SpecDraft;
  errors: SpecErrors;
  catalog: readonly IntegrationInfo[] | undefined;
  onChange: Change;
}) {
  function chooseType(type: AgentTriggerType) {
    const patch: Partial<SpecDraft> = { triggerType: type };
    if (type === 'schedule' && draft.cron.trim() === '') {
      patch.cron = DEFAULT_CRON;
      patch.scheduleText = describeCron(DEFAULT_CRON) ?? '';
      patch.timezone = draft.timezone || browserTimeZone();
    }
    onChange(patch);
  }

  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">When it runs</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {TRIGGER_TYPES.map(({ type, label, hint }) => (
          <ChoiceCard
            key={type}
            name="trigger-type"
            value={type}
            label={label}
            hint={hint}
            checked={draft.triggerType === type}
            onChange={() => chooseType(type)}
          />
        ))}
      </div>
      {draft.triggerType === 'schedule' && (
        <ScheduleFields draft={draft} errors={errors} onChange={onChange} />
      )}
      {draft.triggerType === 'event' && (
        <EventFields draft={draft} errors={errors} catalog={catalog} onChange={onChange} />
      )}
      {draft.triggerType === 'webhook' && (
        <p className="text-sm text-slate-600">
          Once saved, the webhook URL and its secret appear under Webhook on this page.
        </p>
      )}
    </fieldset>
  );
}

function ScheduleFields({
  draft,
  errors,
  onChange,
}: {
  draft: SpecDraft;
  errors: SpecErrors;
  onChange: Change;
}) {
  const helperId = useId();
  const check = useMemo(() => checkCron(draft.cron, draft.timezone), [draft.cron, draft.timezone]);
  const zones = useMemo(() => timeZones(draft.timezone), [draft.timezone]);
  const preset = CRON_PRESETS.find((each) => each.cron === draft.cron.trim())?.cron ?? '';

  // Typing a new expression rewrites the words, which stay editable afterwards.
  function setCron(cron: string) {
    const words = describeCron(cron);
    onChange(words ? { cron, scheduleText: words } : { cron });
  }

  // The helper below says what is wrong with the expression as it is typed; the field itself
  // shows the error of the last save.
  const cronInvalid = Boolean(errors['trigger.cron']) || (!check.ok && check.field === 'cron');
  const zoneError =
    errors['trigger.timezone'] ??
    (!check.ok && check.field === 'timezone' ? check.error : undefined);

  return (
    <div className="space-y-4 rounded-xl border border-slate-200 p-4">
      <FormField label="Common schedules">
        {(control) => (
          <select
            {...control}
            value={preset}
            onChange={(event) => event.target.value && setCron(event.target.value)}
            className={inputClass}
          >
            <option value="">Custom</option>
            {CRON_PRESETS.map((each) => (
              <option key={each.cron} value={each.cron}>
                {each.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Cron expression"
          hint="Five fields: minute, hour, day of month, month, day of week."
          error={errors['trigger.cron']}
          describedBy={helperId}
        >
          {(control) => (
            <input
              {...control}
              aria-invalid={cronInvalid ? true : undefined}
              value={draft.cron}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => setCron(event.target.value)}
              className={`${inputClass} font-mono`}
            />
          )}
        </FormField>
        <FormField label="Time zone" error={zoneError}>
          {(control) => (
            <select
              {...control}
              value={draft.timezone}
              onChange={(event) => onChange({ timezone: event.target.value })}
              className={inputClass}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <CronHelper id={helperId} check={check} timezone={draft.timezone} />
      <FormField
        label="Schedule in words"
        hint="Shown in your agent list; filled in from the cron expression."
        error={errors['trigger.text']}
      >
        {(control) => (
          <input
            {...control}
            value={draft.scheduleText}
            maxLength={200}
            onChange={(event) => onChange({ scheduleText: event.target.value })}
            className={inputClass}
          />
        )}
      </FormField>
    </div>
  );
}

function EventFields({
  draft,
  errors,
  catalog,
  onChange,
}: {
  draft: SpecDraft;
  errors: SpecErrors;
  catalog: readonly IntegrationInfo[] | undefined;
  onChange: Change;
}) {
  const sources = (catalog ?? []).filter((each) => each.events.length > 0);
  // Any integration may be the source: events the catalog does not list are checked for.
  const chosen = catalog?.find((each) => each.id === draft.eventIntegration);
  // Keep the saved values selectable even before the catalog has loaded.
  const integrationMissing =
    draft.eventIntegration !== '' && !sources.some((each) => each.id === draft.eventIntegration);
  const event = chosen?.events.find((e) => e.id === draft.event);
  const eventMissing = draft.event !== '' && !event;

  // A new integration's tools are others: its delivery starts from its own defaults.
  function chooseIntegration(id: string) {
    onChange({ eventIntegration: id, event: '', pollTool: '', pollArguments: undefined });
  }
  // An event the service cannot send to a webhook is checked for instead.
  function chooseEvent(id: string) {
    const next = chosen?.events.find((e) => e.id === id);
    onChange(next?.webhook === false ? { event: id, deliveryType: 'poll' } : { event: id });
  }

  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2">
      <FormField label="Integration" error={errors['trigger.integration']}>
        {(control) => (
          <select
            {...control}
            value={draft.eventIntegration}
            onChange={(change) => chooseIntegration(change.target.value)}
            className={inputClass}
          >
            <option value="">Choose an integration</option>
            {integrationMissing && (
              <option value={draft.eventIntegration}>
                {chosen?.name ?? draft.eventIntegration}
              </option>
            )}
            {sources.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Event" error={errors['trigger.event']}>
        {(control) => (
          <select
            {...control}
            value={draft.event}
            disabled={!draft.eventIntegration}
            onChange={(change) => chooseEvent(change.target.value)}
            className={inputClass}
          >
            <option value="">Choose an event</option>
            {eventMissing && <option value={draft.event}>{draft.event}</option>}
            {chosen?.events.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {draft.eventIntegration !== '' && (
        <DeliveryFields
          draft={draft}
          errors={errors}
          integration={chosen}
          event={event}
          onChange={onChange}
        />
      )}
    </div>
  );
}
