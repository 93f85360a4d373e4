// What the app and its libraries import as `react` (aliases.ts): Preact's compatibility layer,
// plus the one hook of React 19 that react-router's RouterProvider needs and Preact lacks.
// @ts-expect-error -- preact/compat's types are written as `export =`, which `export *` cannot
// name; the module itself has the named exports, which is what the bundlers read.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React's `useOptimistic` shows an optimistic value while a transition runs, then the value passed
 * in. Preact runs `startTransition` at once, so there is never a transition to outlast: the value
 * passed in is the value shown, and an optimistic update has nothing to change.
 */
export function useOptimistic<State, Action>(
  passthrough: State,
  reducer?: (state: State, action: Action) => State,
): [State, (action: Action) => void] {
  // React calls the reducer only while an optimistic update is pending, which never happens here.
  void reducer;
  return [passthrough, () => {}];
}
