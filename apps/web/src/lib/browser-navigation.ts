/** Leaves the single-page app for a server-handled URL (OAuth starts with a full page load). */
export function navigateBrowser(url: string): void {
  window.location.href = url;
}
