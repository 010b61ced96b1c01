/** The most characters of client-supplied text an error message or `field` repeats. */
export const QUOTE_LIMIT = 64;

/**
 * Client-supplied text (a field or parameter name, an id) as an error may repeat it: whole when
 * at most QUOTE_LIMIT characters, else its first ones followed by `…`, so no answer grows with
 * what a client sends.
 */
export function quote(text: string): string {
  if (text.length <= QUOTE_LIMIT) return text;
  const code = text.charCodeAt(QUOTE_LIMIT - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? QUOTE_LIMIT - 1 : QUOTE_LIMIT;
  return text.slice(0, end) + '…';
}
