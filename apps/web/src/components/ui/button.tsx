import type { ComponentPropsWithoutRef, MouseEvent, ReactNode } from 'react';
import { primaryButton, secondaryButton } from '../button-styles.ts';
import { Spinner } from '../spinner.tsx';

const variants = { primary: primaryButton, secondary: secondaryButton };

export interface ButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'type'> {
  type?: 'button' | 'submit';
  variant?: keyof typeof variants;
  /** Work started by this button is under way: a spinner shows and the button takes no action. */
  pending?: boolean;
  /** What the button reads while pending, e.g. "Saving..."; without it the label stays. */
  pendingLabel?: ReactNode;
  /**
   * aria-disabled rather than disabled while pending, so the pressed button keeps focus (a
   * disabled one drops it to the page); its clicks are ignored instead.
   */
  keepFocus?: boolean;
}

/** The app's button, in the shared look; `className` adds layout such as width or margin. */
export function Button({
  type = 'button',
  variant = 'primary',
  pending = false,
  pendingLabel,
  keepFocus = false,
  disabled,
  className,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const ignoring = pending && keepFocus;
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // Also stops a submit button from submitting its form.
    if (ignoring) event.preventDefault();
    else onClick?.(event);
  };
  const classes = [
    variants[variant],
    keepFocus && 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
    className,
  ];
  return (
    <button
      {...rest}
      type={type}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || (pending && !keepFocus)}
      aria-disabled={keepFocus ? pending : undefined}
      aria-busy={pending}
      onClick={click}
    >
      {pending && <Spinner />}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
