/**
 * Markers of the story-of-the-day stream (see `story-of-the-day.ts` for the wire format). Kept in a
 * module without zod so the web app can import the constant without the schema library.
 */
export const SOTD_STREAM = { thinkStart: '<think>', thinkEnd: '</think>', done: '[DONE]' } as const;
