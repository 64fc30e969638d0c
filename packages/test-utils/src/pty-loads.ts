import { loadPtyModule } from '@pipeguard/pty';

/**
 * Whether the pseudo-terminal package loads here, for `describe.runIf`: in CI it must (its error is
 * thrown), elsewhere a suite that needs it says on the console why it was left out.
 */
export function ptyLoads(suite: string): boolean {
  try {
    loadPtyModule();
    return true;
  } catch (error) {
    if (process.env['CI'] === 'true') throw error;
    console.warn(`${suite} skipped: ${(error as Error).message}`);
    return false;
  }
}
