import { INSTRUCTIONS_MAX, type Agent } from '@spoke/shared';
import { useId, useState, type FormEvent } from 'react';
import { useSaveSpec } from '#web/features/agents/api/agents.ts';
import { errorClass, inputClass } from '../spec-form/field-styles.ts';
import { Button } from '#web/components/ui/button.tsx';

/** The heading under which answers are kept in the instructions, for every run to read. */
export const ANSWERS_HEADING = 'Answers from your owner:';

/** The instructions with one more answer, under its heading (added once). */
export function withAnswer(instructions: string, question: string, answer: string): string {
  const line = `- ${question} ${answer}`;
  return instructions.includes(ANSWERS_HEADING)
    ? `${instructions.trimEnd()}\n${line}`
    : `${instructions.trimEnd()}\n\n${ANSWERS_HEADING}\n${line}`;
}

/**
 * One of the compiler's open questions, answered in place: the answer goes into the agent's
 * instructions (which every run reads) and the question leaves the list.
 */
export function AnswerQuestion({ agent, question }: { agent: Agent; question: string }) {
  const id = useId();
  const save = useSaveSpec(agent.id);
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const given = answer.trim();
    if (!given) {
      setProblem('Write an answer first');
      document.getElementById(id)?.focus();
      return;
    }
    const instructions = withAnswer(agent.spec.instructions, question, given);
    if (instructions.length > INSTRUCTIONS_MAX) {
      setProblem('The instructions are full: shorten them in the specification below first');
      return;
    }
    setProblem(null);
    save.mutate(
      { instructions, unresolved: agent.spec.unresolved.filter((each) => each !== question) },
      // The question goes away with its form: focus moves to the page's title.
      { onSuccess: () => document.getElementById('agent-title')?.focus() },
    );
  }

  const error =
    problem ??
    (save.isError ? (save.error.fields?.['spec.instructions'] ?? save.error.message) : null);
  return (
    <form noValidate onSubmit={submit} aria-label={`Answer: ${question}`} className="mt-1">
      <label htmlFor={id} className="block">
        {question}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={id}
          value={answer}
          maxLength={500}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setAnswer(event.target.value);
            setProblem(null);
          }}
          className={`${inputClass} min-w-0 flex-1 bg-white`}
        />
        <Button
          type="submit"
          variant="secondary"
          className="py-1.5"
          keepFocus
          pending={save.isPending}
        >
          Save answer
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      )}
    </form>
  );
}
