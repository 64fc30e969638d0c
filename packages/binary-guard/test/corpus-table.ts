import { isUtf8 } from 'node:buffer';
import { countControlBytes } from '@pipeguard/shared';
import { measureControlShare } from '../src/control-share';
import { BinaryGuard } from '../src/index';
import { detectUtf16Bom, measureUtf16ControlShare } from '../src/utf16';
import { buildCorpus } from './corpus';

/**
 * Prints the README's corpus table: `npx tsx packages/binary-guard/test/corpus-table.ts`.
 * Shares are over the first 64 KiB window, as the guard measures them.
 */
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const rows = [
  '| sample | bytes | strict UTF-8 | control share | (ESC counted) | guard |',
  '|---|--:|:-:|--:|--:|---|',
];
for (const sample of buildCorpus()) {
  const window = sample.bytes.subarray(0, 65_536);
  const bom = detectUtf16Bom(window);
  const unitShare = bom ? measureUtf16ControlShare(window, bom, window.length === sample.bytes.length) : null;
  const guard = new BinaryGuard();
  guard.resume();
  guard.end(sample.bytes);
  await new Promise((resolve) => guard.once('end', resolve));
  const share =
    unitShare === null ? percent(measureControlShare(window)) : `${percent(unitShare)} (UTF-16 units)`;
  const verdict = guard.withheld
    ? `withheld from byte ${guard.stats.withheldFrom}`
    : `passed as ${guard.encoding}`;
  rows.push(
    `| ${sample.name} | ${sample.bytes.length} | ${isUtf8(sample.bytes) ? 'yes' : 'no'} | ${share} | ${percent(countControlBytes(window) / window.length)} | ${verdict} |`,
  );
}
process.stdout.write(`${rows.join('\n')}\n`);
