import type { Agent, IntegrationInfo } from '@spoke/shared';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { RetryError } from '#web/components/retry-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { SectionCard } from '#web/components/ui/section-card.tsx';
import { smallButton } from '../spec-form/field-styles.ts';
import { useFocusLater } from '../spec-form/use-focus-later.ts';
import { PlanEditor } from './plan-editor.tsx';
import { NoPlan, PlanView } from './plan-view.tsx';

/** The integrations catalog as the page loads it. */
interface CatalogState {
  data: readonly IntegrationInfo[] | undefined;
  error: string | null;
  retry: () => void;
}

/** The agent's plan: what runs do, step by step, and an editor for it. */
export function PlanSection({ agent, catalog }: { agent: Agent; catalog: CatalogState }) {
  const editId = useId();
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState('');
  const focusLater = useFocusLater();
  const { plan } = agent.spec;

  function close(saved: boolean) {
    setEditing(false);
    setNote(saved ? 'Plan saved. It applies from the next run.' : '');
    focusLater(editId);
  }

  const edit = (
    <button
      id={editId}
      type="button"
      aria-label={plan ? 'Edit plan' : undefined}
      className={`${smallButton} px-3 py-1.5 text-sm`}
      onClick={() => {
        setNote('');
        setEditing(true);
      }}
    >
      <Pencil aria-hidden="true" className="size-3.5" />
      {plan ? 'Edit' : 'Write a plan'}
    </button>
  );

  let body;
  if (!editing) {
    body = plan ? <PlanView plan={plan} /> : <NoPlan />;
  } else if (catalog.data) {
    body = (
      <PlanEditor
        agent={agent}
        catalog={catalog.data}
        onSaved={() => close(true)}
        onCancel={() => close(false)}
      />
    );
  } else if (catalog.error) {
    body = <RetryError message={catalog.error} onRetry={catalog.retry} />;
  } else {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> Loading the tools...
      </p>
    );
  }

  return (
    <SectionCard
      id="plan-heading"
      title="Plan"
      description="The steps every run follows, in order. Changes apply from the next run."
      actions={editing ? null : edit}
    >
      {body}
      <p role="status" className="mt-3 text-sm text-emerald-800 empty:hidden">
        {note}
      </p>
    </SectionCard>
  );
}
