import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A menu opened by a button (the phone menus of the top bar and of the app): it belongs to the
 * page it was opened on, so any navigation closes it, and Escape closes it and puts focus back
 * on its button.
 */
export function usePageMenu() {
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const button = useRef<HTMLButtonElement>(null);

  // Listening from the render that opened it: an effect may run after the next paint (Preact
  // defers them to a frame), and an Escape pressed before that would leave the menu open.
  useLayoutEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return { open, button, toggle: () => setOpenOn(open ? null : location.key) };
}
