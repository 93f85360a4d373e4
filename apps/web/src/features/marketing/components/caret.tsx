/** The blinking text cursor of the typed demos; it holds still under reduced motion. */
export function Caret({ className = 'bg-blue-600' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`ml-0.5 inline-block h-[1.1em] w-0.5 translate-y-[0.15em] motion-safe:animate-pulse ${className}`}
    />
  );
}
