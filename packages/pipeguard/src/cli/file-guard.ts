import { BinaryGuard } from '@pipeguard/binary-guard';
import { quoteShellArgument } from '@pipeguard/shared';
import { Readable, Writable } from 'readable-stream';

/**
 * Runs `bytes` of `file` (its start, or the window about to be shown) through the same binary guard
 * as a command's output, and returns the one-line placeholder to print instead when the guard
 * withholds them, or `null` for text.
 */
export async function guardFile(file: string, kind: 'read' | 'lines', bytes: Buffer): Promise<string | null> {
  const guard = new BinaryGuard({ label: 'file', emitPlaceholder: false });
  const drain = new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
  await new Promise<void>((resolve, reject) => {
    Readable.from([bytes]).pipe(guard).pipe(drain);
    guard.once('error', reject);
    drain.once('finish', resolve);
  });
  const { withheld, withheldFrom, controlShare } = guard.stats;
  if (!withheld) return null;
  const quoted = quoteShellArgument(file);
  const share = controlShare === null ? '' : `, ${(controlShare * 100).toFixed(1)}% control bytes`;
  return (
    `[binary file withheld: ${quoted} looks binary from byte ${withheldFrom ?? 0} of the ${bytes.length} examined${share}. ` +
    `To see it anyway: pipeguard ${kind} --no-binary-guard ${quoted}, or a hex dump: xxd ${quoted} | head]`
  );
}
