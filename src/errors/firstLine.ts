/** The first line of a failure's message (an error's first line says what failed; hints follow), for one-line reports. */
export function firstLine(reason: unknown): string {
  return reason instanceof Error ? (reason.message.split('\n')[0] ?? '') : String(reason);
}
