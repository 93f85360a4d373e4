import type { SandboxModeName } from '@spoke/shared';
import { ShieldAlert, ShieldCheck, ShieldOff } from 'lucide-react';
import { useSandboxMode } from '../api/sandbox.ts';
import { StatusPanel, type StatusTone } from './status-panel.tsx';

const MODES: Record<
  SandboxModeName,
  { title: string; text: string; tone: StatusTone; Icon: typeof ShieldCheck }
> = {
  bubblewrap: {
    title: 'Integrations are sandboxed (bubblewrap)',
    text: 'Third-party integration servers run isolated: no host files, no private networks, limited CPU, memory and processes.',
    tone: 'good',
    Icon: ShieldCheck,
  },
  'none-unsafe': {
    title: 'Integrations run WITHOUT a sandbox',
    text: 'INTEGRATIONS_SANDBOX=none-unsafe: third-party integration servers run on this machine as the server’s own user. Only acceptable where nobody else creates agents.',
    tone: 'danger',
    Icon: ShieldAlert,
  },
  refused: {
    title: 'npm integrations are switched off: no sandbox available',
    text: 'bubblewrap is missing or failed its self-test (see the server log). Install bubblewrap to turn them on.',
    tone: 'warning',
    Icon: ShieldOff,
  },
};

/** Which isolation is in force for third-party integrations, so an unsafe mode is seen. */
export function SandboxStatus() {
  const { data } = useSandboxMode();
  if (!data) return null;
  return <StatusPanel label="Integration sandbox" data-sandbox-mode={data} {...MODES[data]} />;
}
