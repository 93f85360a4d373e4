/**
 * The one width every page's content keeps, signed in or out: the top bar, the footer and each
 * page's main column line up on it. Long-form text (docs, blog posts, legal pages) sits in a
 * narrower reading column inside it.
 */
export const CONTENT_WIDTH = 'mx-auto w-full max-w-6xl px-4 sm:px-6';

/** The reading column of long-form text, inside the content width. */
export const READING_WIDTH = 'max-w-3xl';
