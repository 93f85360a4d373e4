// Shared by the menu button and its stand-in while the menu's code loads, so nothing shifts.
export const profileTrigger =
  'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[state=open]:bg-slate-100';
