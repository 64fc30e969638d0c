import { createReadStream } from 'node:fs';
import { pipeline } from '@pipeguard/pipeline';
import { cleanText } from './lib/clean-text';
import { CHUNK_BYTES, MiB } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';
import { removeTempFile, type WrittenTempFile, writeTempFile } from './lib/temp-file';

/** One pipeline() over the file, read in 64 KiB chunks as a child's pipe or a file delivers them. */
const capture = (input: WrittenTempFile, options: Parameters<typeof pipeline>[1]) =>
  pipeline(createReadStream(input.path, { highWaterMark: CHUNK_BYTES }), options);

const verify = (capture: unknown, input: WrittenTempFile) => {
  const { bytes, redactions } = capture as { bytes: number; redactions: number | null };
  if (bytes !== input.bytes) return `read ${bytes} of ${input.bytes}`;
  return redactions === null || redactions === 0 ? 'ok' : `${redactions} redactions in secret-free text`;
};

/** A group: `options` without `redact` (the baseline), then with `redact: true`. */
const group = (name: string, options: Parameters<typeof pipeline>[1]) =>
  defineGroup<WrittenTempFile>({
    name,
    runs: 9,
    setup: async ({ quick }) => writeTempFile('git-log-p.txt', cleanText(), quick ? 8 * MiB : 64 * MiB),
    teardown: removeTempFile,
    bytes: (input) => input.bytes,
    baseline: 'pipeline() without redact',
    contenders: [
      {
        name: 'pipeline() without redact',
        run: (input) => capture(input, { ...options, redact: false }),
        verify,
      },
      {
        name: 'pipeline() with redact: true',
        run: (input) => capture(input, { ...options, redact: true }),
        verify,
      },
    ],
  });

export default defineQuestion({
  id: 'redact-option',
  title:
    'pipeline() with redact: true against the same pipeline without it, on secret-free text from a file (target ≥ 0.9×)',
  groups: [
    group("this repository's git log -p (secret-free), default options (1 MiB kept)", {}),
    group('the same file, maxBytes: null (every byte kept)', { maxBytes: null }),
    group("the same file, profile: 'agent' (rendered, folded, 30 000 bytes)", { profile: 'agent' }),
  ],
});
