const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

export const navLink = `inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition hover:bg-slate-100 hover:text-slate-900 ${focusRing}`;
export const activeNavLink = 'text-blue-700';
export const mobileLink = `flex w-full items-center gap-2 rounded-md px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100 ${focusRing}`;
