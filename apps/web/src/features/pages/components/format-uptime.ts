const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/** "3 days, 4 hours", "12 minutes", "1 minute, 5 seconds": the two largest units that count. */
export function formatUptime(totalSeconds: number): string {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const counts = UNITS.map(([name, size]) => {
    const count = Math.floor(rest / size);
    rest -= count * size;
    return { name, count };
  });
  const first = counts.findIndex(({ count }) => count > 0);
  if (first === -1) return '0 seconds';
  return counts
    .slice(first, first + 2)
    .filter(({ count }) => count > 0)
    .map(({ name, count }) => `${count} ${name}${count === 1 ? '' : 's'}`)
    .join(', ');
}
