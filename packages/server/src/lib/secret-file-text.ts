/**
 * The content of a one-line key file: what editors and `echo` write ends with a newline (LF, or
 * CRLF on Windows), which is not part of the key. Only one is removed; any other whitespace is
 * left for the key's own check to refuse, so a stray space is reported rather than guessed away.
 */
export function withoutTrailingNewline(text: string): string {
  if (text.endsWith('\r\n')) return text.slice(0, -2);
  if (text.endsWith('\n')) return text.slice(0, -1);
  return text;
}
