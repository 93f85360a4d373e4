import fontUrl from '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url';

/**
 * The brand typeface, Plus Jakarta Sans (SIL Open Font License), self-hosted from
 * @fontsource-variable: only the latin subset of the upright variable file (27 KB, every weight).
 * Other scripts fall through to the fallback faces in index.css.
 *
 * Declared here rather than in index.css, so that the browser asks for it when the app starts: on
 * a prerendered page that is after its first paint, and the font does not compete with the page
 * on a slow network (decision 031). Until it arrives, text is set in the fallback faces, which
 * match its widths and line box, so the swap moves nothing.
 */
export function loadBrandFont(): void {
  if (typeof FontFace === 'undefined') return;
  const face = new FontFace('Plus Jakarta Sans Variable', `url(${fontUrl}) format('woff2')`, {
    style: 'normal',
    weight: '200 800',
    display: 'swap',
    unicodeRange:
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, ' +
      'U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  });
  document.fonts.add(face);
  // A font that fails to load leaves the fallback faces, as a failed @font-face would.
  face.load().catch(() => undefined);
}
