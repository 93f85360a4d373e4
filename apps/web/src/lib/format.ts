/** Dates and counts as the app shows them (en-US, medium dates). */
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const countFormat = new Intl.NumberFormat('en-US');

function format(iso: string, formatter: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

export const formatDate = (iso: string) => format(iso, dateFormat);
export const formatDateTime = (iso: string) => format(iso, dateTimeFormat);
export const formatCount = (value: number) => countFormat.format(value);

/** "1 run", "2 runs", "1,204 credits". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
