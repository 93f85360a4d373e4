import { useEffect, useState } from 'react';

/** Focuses an element by id once the next render has put it on the page. */
export function useFocusLater(): (id: string) => void {
  const [target, setTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (target) document.getElementById(target.id)?.focus();
  }, [target]);
  // A new object each time, so asking for the same element twice still moves focus.
  return (id: string) => setTarget({ id });
}
