/**
 * How a search matches, written once: the query trimmed, in any case, anywhere in the text. The
 * guide store and guide window, On now's matches (core) and the popover's people all read it, so
 * one query finds the same things wherever it looks.
 */

/** The query as matched ('' finds nothing). */
export const searchNeedle = (query: string): string => query.trim().toLowerCase();

/** Whether `text` holds `needle` (from searchNeedle), in any case; no text holds nothing. */
export const holdsNeedle = (text: string | null | undefined, needle: string): boolean => typeof text === 'string' && text.toLowerCase().includes(needle);
