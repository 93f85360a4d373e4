/**
 * Left-aligned columns separated by two spaces, as in the docs' examples; the last column is
 * not padded. `minWidths` keeps a column from shrinking below a given width.
 */
export function textTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  minWidths: readonly number[] = [],
): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) =>
    Math.max(minWidths[i] ?? 0, ...all.map((row) => (row[i] ?? '').length)),
  );
  return all
    .map((row) =>
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Label/value lines such as `Registry     official (priority 10)`; extra lines are indented. */
export function fieldLines(
  fields: readonly (readonly [string, string | readonly string[]])[],
  gap = 2,
): string {
  const width = Math.max(...fields.map(([label]) => label.length)) + gap;
  return fields
    .flatMap(([label, value]) => {
      const values = typeof value === 'string' ? [value] : value.length ? value : ['none'];
      return values.map((v, i) => `${(i === 0 ? label : '').padEnd(width)}${v}`.trimEnd());
    })
    .join('\n');
}

/** Cuts `text` to `max` characters, ending with an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Rows aligned in columns, with no header. */
export const alignRows = (rows: readonly (readonly string[])[]) =>
  textTable(rows[0] ?? [], rows.slice(1));

export const indent = (text: string, by = '  ') =>
  text
    .split('\n')
    .map((line) => `${by}${line}`)
    .join('\n');
