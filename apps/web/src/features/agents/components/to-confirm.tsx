import type { AgentSpec } from '@spoke/shared';
import { CircleHelp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** What the compiler assumed and could not decide, for the owner to check, and the services it named that Spoke cannot use yet. */
export function ToConfirm({
  spec,
  heading: Heading = 'h4',
  answer,
  children,
}: {
  spec: Pick<AgentSpec, 'assumptions' | 'unresolved' | 'unavailable'>;
  /** The heading's level where the box sits. */
  heading?: 'h2' | 'h4';
  /** How each open question is shown where it can be answered; else as text. */
  answer?: (question: string) => ReactNode;
  children?: ReactNode;
}) {
  const unavailable = spec.unavailable ?? [];
  if (spec.assumptions.length === 0 && spec.unresolved.length === 0 && unavailable.length === 0)
    return null;
  return (
    <section
      aria-labelledby="to-confirm-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <Heading id="to-confirm-heading" className="flex items-center gap-2 font-semibold">
        <CircleHelp aria-hidden="true" className="size-4" />
        Please confirm
      </Heading>
      {spec.unresolved.length > 0 && (
        <>
          <p className="mt-2 font-medium">Questions we could not answer from your description:</p>
          <ul
            aria-label="Open questions"
            className={answer ? 'mt-1 space-y-3' : 'mt-1 list-disc space-y-1 pl-5'}
          >
            {spec.unresolved.map((question) => (
              <li key={question}>{answer ? answer(question) : question}</li>
            ))}
          </ul>
        </>
      )}
      {unavailable.length > 0 && (
        <>
          <p className="mt-2 font-medium">Named in your description, not available in Spoke yet:</p>
          <ul aria-label="Services not available yet" className="mt-1 list-disc space-y-1 pl-5">
            {unavailable.map((service) => (
              <li key={service.id ?? service.name}>
                <span className="font-medium">{service.name}</span>: {service.help}{' '}
                <Link
                  className="underline underline-offset-2"
                  to={`/app/workspace/registry?q=${encodeURIComponent(service.name)}`}
                >
                  Search the registry for {service.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {spec.assumptions.length > 0 && (
        <>
          <p className="mt-2 font-medium">What we assumed:</p>
          <ul aria-label="Assumptions" className="mt-1 list-disc space-y-1 pl-5">
            {spec.assumptions.map((assumption) => (
              <li key={assumption}>{assumption}</li>
            ))}
          </ul>
        </>
      )}
      {children}
    </section>
  );
}
