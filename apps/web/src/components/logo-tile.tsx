import type { LucideIcon } from 'lucide-react';

/** A brand mark as simple-icons gives it: one SVG path on a 24×24 grid, and its colour. */
export interface BrandMark {
  title: string;
  hex: string;
  path: string;
}

export type LogoSize = 'sm' | 'md' | 'lg';

// The box is fixed whatever it holds, so a page never moves when a logo is drawn.
const BOX: Record<LogoSize, string> = {
  sm: 'size-6 rounded-md p-1 text-[0.625rem]',
  md: 'size-9 rounded-lg p-1.5 text-xs',
  lg: 'size-11 rounded-xl p-2 text-sm',
};

const TILE = 'inline-flex shrink-0 items-center justify-center border font-semibold';

/** Brand colours too pale to see on white are drawn in slate instead. */
export function visibleColour(hex: string): string {
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const luminance = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  return luminance > 0.8 ? '#334155' : `#${hex}`;
}

/** The first letters of a name's first two words: "Hugging Face" → "HF", "memory" → "ME". */
export function monogramOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? ['?'];
  const letters =
    words.length > 1 ? (words[0]![0] ?? '') + (words[1]![0] ?? '') : words[0]!.slice(0, 2);
  return letters.toUpperCase();
}

/**
 * The tile an integration's logo sits in: its brand mark, a glyph for Spoke's built-in servers, or
 * a monogram. Decorative: the integration's name is always the text beside it.
 */
export function LogoTile({
  mark,
  glyph: Glyph,
  name,
  size = 'md',
  className = '',
}: {
  mark?: BrandMark | undefined;
  glyph?: LucideIcon | undefined;
  name: string;
  size?: LogoSize;
  className?: string;
}) {
  if (mark) {
    return (
      <span
        aria-hidden="true"
        data-logo={mark.title}
        className={`${TILE} ${BOX[size]} border-slate-200 bg-white ${className}`}
      >
        <svg viewBox="0 0 24 24" className="size-full" fill={visibleColour(mark.hex)}>
          <path d={mark.path} />
        </svg>
      </span>
    );
  }
  if (Glyph) {
    return (
      <span
        aria-hidden="true"
        data-logo="built-in"
        className={`${TILE} ${BOX[size]} border-blue-100 bg-blue-50 text-blue-700 ${className}`}
      >
        <Glyph className="size-full" strokeWidth={2} />
      </span>
    );
  }
  // The letters are drawn by CSS, so they stay out of the text a page reads or copies.
  return (
    <span
      aria-hidden="true"
      data-logo="monogram"
      data-monogram={monogramOf(name)}
      className={`${TILE} ${BOX[size]} border-slate-200 bg-slate-100 leading-none tracking-tight text-slate-600 before:content-[attr(data-monogram)] ${className}`}
    />
  );
}
