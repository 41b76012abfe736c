/**
 * Whether the terminal shows emoji, as the `console` crate the Solana CLI prints with decides: always on
 * macOS, in Windows Terminal (WT_SESSION set), and elsewhere when LANG ends in UTF-8.
 */
export function showsEmoji(env: Readonly<Record<string, string | undefined>>): boolean {
  if (process.platform === 'darwin') return true;
  if (process.platform === 'win32') return env.WT_SESSION !== undefined;
  return (env.LANG ?? '').toUpperCase().endsWith('UTF-8');
}
