import { Eye, EyeOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { hintClass, inputClass, labelClass, smallButton } from '../spec-form/field-styles.ts';

/** A secret, hidden until asked for, with a copy button and what it is for. */
export function SecretField({
  id,
  label,
  name,
  secret,
  children,
}: {
  id: string;
  label: string;
  /** What the buttons name: "Show {name}", "Copy {name}". */
  name: string;
  secret: string;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          type={shown ? 'text' : 'password'}
          value={secret}
          aria-describedby={`${id}-help`}
          className={`${inputClass} font-mono`}
        />
        <button
          type="button"
          className={smallButton}
          aria-pressed={shown}
          aria-label={`Show ${name}`}
          onClick={() => setShown((now) => !now)}
        >
          {shown ? (
            <EyeOff aria-hidden="true" className="size-3.5" />
          ) : (
            <Eye aria-hidden="true" className="size-3.5" />
          )}
        </button>
        <CopyButton text={secret} label={`Copy ${name}`} />
      </div>
      <div id={`${id}-help`} className={hintClass}>
        {children}
      </div>
    </div>
  );
}
