// WHATWG TextDecoder against the Node stage's iconv-lite, in whichever runtime runs this module
// (bench/web-runtimes.ts codecs): for every candidate codepage, how many of its inputs decode to other
// text than iconv-lite's (with the first ones), and the decoder's speed on 64 KiB of text.
import oracle from 'virtual:codepage-oracle';
import texts from 'virtual:codepage-texts';
import { CODEPAGE_CANDIDATES, codepageInputs } from '../../packages/web/test/checks/codepage-inputs';

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(' ');
const points = (text: string) =>
  Array.from(
    text,
    (char) => `U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`,
  ).join(' ');

for (const { iconv, whatwg, shape } of CODEPAGE_CANDIDATES) {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(whatwg, { ignoreBOM: true });
  } catch {
    console.log(
      JSON.stringify({ iconv, whatwg, inputs: 0, differing: -1, examples: 'no such decoder', mbs: 0 }),
    );
    continue;
  }
  const expected = (oracle as Record<string, string[]>)[iconv] as string[];
  const inputs = codepageInputs(shape);
  const differing: string[] = [];
  let count = 0;
  for (const [index, bytes] of inputs.entries()) {
    const text = decoder.decode(bytes);
    if (text === expected[index]) continue;
    count++;
    if (differing.length < 4)
      differing.push(`${hex(bytes)}: ${points(expected[index] as string)} ≠ ${points(text)}`);
  }
  const sample = (texts as Record<string, number[]>)[iconv];
  let mbs = 0;
  if (sample !== undefined) {
    const bytes = Uint8Array.from(sample);
    let runs = 0;
    const started = performance.now();
    while (performance.now() - started < 300) {
      decoder.decode(bytes);
      runs++;
    }
    mbs = (bytes.length * runs) / ((performance.now() - started) * 1e3);
  }
  console.log(
    JSON.stringify({
      iconv,
      whatwg,
      inputs: inputs.length,
      differing: count,
      examples: differing.join('; '),
      mbs,
    }),
  );
}
(globalThis as { pipeguardDone?: boolean }).pipeguardDone = true;
