// Class lists rather than a Button component, so links and buttons can share one look.
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60';

export const primaryButton = `${base} bg-blue-600 text-white hover:bg-blue-700`;
export const secondaryButton = `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
export const textLink =
  'font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600';
