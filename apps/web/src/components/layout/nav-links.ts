export const DISCORD_URL = 'https://discord.gg/spoke';

/** Pixels of scroll after which the navbar takes its raised style. */
export const NAVBAR_SCROLL_THRESHOLD = 50;

export interface AccountLink {
  to: string;
  label: string;
  adminOnly?: boolean;
}

/** The signed-in user's menu, in the order the spec lists it (Sign Out comes last). */
export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { to: '/app/dashboard', label: 'Dashboard' },
  { to: '/app/billing', label: 'Pricing & Billing' },
  { to: '/app/settings', label: 'Settings' },
  { to: '/app/admin', label: 'Admin', adminOnly: true },
];

export function accountLinksFor(isAdmin: boolean): AccountLink[] {
  return ACCOUNT_LINKS.filter((link) => isAdmin || !link.adminOnly);
}

export interface AppLink {
  to: string;
  label: string;
  /** Active only on this exact page, not on the pages under it. */
  end?: boolean;
  adminOnly?: boolean;
}

/** The signed-in app's navigation, in the order the side bar shows it. */
export const APP_LINKS: readonly AppLink[] = [
  { to: '/app/dashboard', label: 'Dashboard' },
  { to: '/app/agents', label: 'Agents' },
  { to: '/app/workspace', label: 'Workspace', end: true },
  { to: '/app/workspace/registry', label: 'Registry' },
  { to: '/app/settings', label: 'Settings' },
  { to: '/app/billing', label: 'Billing' },
  { to: '/app/docs', label: 'Docs' },
  { to: '/app/admin', label: 'Admin', adminOnly: true },
];

export function appLinksFor(isAdmin: boolean): AppLink[] {
  return APP_LINKS.filter((link) => isAdmin || !link.adminOnly);
}
