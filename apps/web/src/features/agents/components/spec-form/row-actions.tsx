import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { smallButton } from './field-styles.ts';

/** Move up, move down and remove for one row of an editable list. */
export function RowActions({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  /** Names the row for the buttons' labels, e.g. "step 2". */
  what: string;
  index: number;
  count: number;
  onMove?: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <div className="flex shrink-0 gap-1">
      {onMove && (
        <>
          <button
            type="button"
            className={smallButton}
            aria-label={`Move ${what} up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUp aria-hidden="true" className="size-3.5" />
          </button>
          <button
            type="button"
            className={smallButton}
            aria-label={`Move ${what} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDown aria-hidden="true" className="size-3.5" />
          </button>
        </>
      )}
      <button
        type="button"
        className={smallButton}
        aria-label={`Remove ${what}`}
        onClick={() => onRemove(index)}
      >
        <Trash2 aria-hidden="true" className="size-3.5" />
      </button>
    </div>
  );
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
