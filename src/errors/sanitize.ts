// C0/C1 controls and ANSI/OSC escape sequences: server text must never drive a terminal.
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Makes text that came from a server safe to put in a message or on a terminal: escape sequences and
 * control characters removed (newlines and tabs kept unless `singleLine`), cut to `max` characters.
 */
export function sanitizeText(text: string, max = 1024, singleLine = false): string {
  let clean = text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '');
  if (singleLine) clean = clean.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max)}… (${clean.length - max} more characters)` : clean;
}
