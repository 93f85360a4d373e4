import type { SandboxModeName } from '@spoke/shared';
import { ShieldAlert, ShieldCheck, ShieldOff } from 'lucide-react';
import { useSandboxMode } from '../api/sandbox.ts';

const MODES: Record<
  SandboxModeName,
  { title: string; text: string; tone: string; Icon: typeof ShieldCheck }
> = {
  bubblewrap: {
    title: 'Integrations are sandboxed (bubblewrap)',
    text: 'Third-party integration servers run isolated: no host files, no private networks, limited CPU, memory and processes.',
    tone: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    Icon: ShieldCheck,
  },
  'none-unsafe': {
    title: 'Integrations run WITHOUT a sandbox',
    text: 'INTEGRATIONS_SANDBOX=none-unsafe: third-party integration servers run on this machine as the server’s own user. Only acceptable where nobody else creates agents.',
    tone: 'border-red-200 bg-red-50 text-red-900',
    Icon: ShieldAlert,
  },
  refused: {
    title: 'npm integrations are switched off: no sandbox available',
    text: 'bubblewrap is missing or failed its self-test (see the server log). Install bubblewrap to turn them on.',
    tone: 'border-amber-200 bg-amber-50 text-amber-900',
    Icon: ShieldOff,
  },
};

/** Which isolation is in force for third-party integrations, so an unsafe mode is seen. */
export function SandboxStatus() {
  const { data } = useSandboxMode();
  if (!data) return null;
  const { title, text, tone, Icon } = MODES[data];
  return (
    <section
      aria-label="Integration sandbox"
      data-sandbox-mode={data}
      className={`mt-6 flex gap-3 rounded-lg border p-4 ${tone}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <h2 className="font-semibold">{title}</h2>
        <p className="mt-1 text-sm">{text}</p>
      </div>
    </section>
  );
}
