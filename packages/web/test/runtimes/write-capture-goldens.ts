// Writes test/checks/capture-goldens.json: what Node's pipeline() captures for each case of
// test/checks/capture-inputs.ts, the expectation the captureStream checks hold every runtime to.
// `pnpm exec tsx packages/web/test/runtimes/write-capture-goldens.ts` (capture-goldens.test.ts says when).
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { type PipelineOptions, pipeline } from '@pipeguard/pipeline';
import { CAPTURE_CASES } from '../checks/capture-inputs';

/** Each case's Capture from pipeline(), as JSON data (excerpts' bytes as arrays of numbers). */
export async function captureGoldens(): Promise<Record<string, unknown>> {
  const goldens: Record<string, unknown> = {};
  for (const { name, bytes, options } of CAPTURE_CASES) {
    const capture = await pipeline(Readable.from([Buffer.from(bytes)]), options as PipelineOptions);
    goldens[name] = JSON.parse(
      JSON.stringify({ ...capture, excerpts: capture.excerpts.map((e) => ({ ...e, bytes: [...e.bytes] })) }),
    );
  }
  return goldens;
}

export const GOLDENS_FILE = fileURLToPath(new URL('../checks/capture-goldens.json', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(GOLDENS_FILE, `${JSON.stringify(await captureGoldens(), null, 2)}\n`);
  console.log(`wrote ${GOLDENS_FILE}`);
}
