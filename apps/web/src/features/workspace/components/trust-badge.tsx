import type { TrustLevel } from '@spoke/shared';
import { BadgeCheck, ShieldCheck, ShieldQuestion, type LucideIcon } from 'lucide-react';

const LOOK: Record<
  TrustLevel,
  { label: string; icon: LucideIcon; className: string; hint: string }
> = {
  trusted: {
    label: 'Trusted',
    icon: ShieldCheck,
    className: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
    hint: 'Reviewed by the platform and trusted',
  },
  verified: {
    label: 'Verified',
    icon: BadgeCheck,
    className: 'bg-blue-50 text-blue-800 ring-blue-300',
    hint: 'Reviewed by the platform',
  },
  unverified: {
    label: 'Unverified',
    icon: ShieldQuestion,
    className: 'bg-amber-50 text-amber-900 ring-amber-300',
    hint: 'Not reviewed yet',
  },
};

export const TRUST_LABELS: Record<TrustLevel, string> = {
  trusted: LOOK.trusted.label,
  verified: LOOK.verified.label,
  unverified: LOOK.unverified.label,
};

/** The trust level in words and a distinct icon, so colour is never the only signal. */
export function TrustBadge({ level }: { level: TrustLevel }) {
  const { label, icon: Icon, className, hint } = LOOK[level];
  return (
    <span
      title={hint}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${className}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">Trust level: </span>
      {label}
    </span>
  );
}
