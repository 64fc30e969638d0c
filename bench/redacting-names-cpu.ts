import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { secretNameEnd } from '../packages/secret-redactor/src/assignment-detector';
import { SECRET_NAME_TAILS } from '../packages/secret-redactor/src/secret-names';
import { DASH_PAIRS, UNDERSCORE_PAIRS } from '../packages/secret-redactor/src/token-detector';
import { CHUNK_BYTES, redactorCleanText } from './lib/inputs';

/**
 * `pnpm exec tsx bench/redacting-names-cpu.ts [rounds]`: whether assignments could be found from their names
 * (native searches for the words a secret name ends with) rather than from every `=` and `:`. Prints the hits
 * of the frequent anchors per MB of clean `git log -p` and of the false-positive corpus of real output, with
 * how many pass the first check; then, in CPU time on the clean text (64 KiB views, alternated rounds), the
 * `=` and `:` searches with `secretNameEnd` at each hit beside native searches of the names' words in their
 * case forms. A name that check accepts ends with one of its three-letter tails, or holds `ssw`, `cred` or
 * `priv`, in any case: a search that replaced the signs would need every case form of each.
 */
const rounds = Number(process.argv[2] ?? 15);
const root = new URL('..', import.meta.url).pathname;
const run = (command: string, args: string[]) =>
  execFileSync(command, args, { cwd: root, maxBuffer: 1 << 30 });
const corpus = Buffer.concat([
  run('git', [
    'log',
    '-p',
    '--',
    ...['line-splitter', 'repeat-folder', 'fallback-decoder', 'terminal-renderer'].map(
      (name) => `packages/${name}`,
    ),
  ]),
  readFileSync(`${root}pnpm-lock.yaml`),
  ...run('sh', ['-c', 'find node_modules/.pnpm -name "*.min.js" -size +20k | sort | head -40'])
    .toString()
    .trim()
    .split('\n')
    .map((file) => readFileSync(`${root}${file}`)),
  run('ls', ['-l', '/usr/bin']),
  run('git', ['log', '--format=%H %h %T']),
]);
const viewsOf = (bytes: Buffer) => {
  const views: { bytes: Buffer; text: string }[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    const view = bytes.subarray(start, start + CHUNK_BYTES);
    views.push({ bytes: view, text: view.toString('latin1') });
  }
  return views;
};

/** The first check at a hit, as `find-candidates.ts` makes it (a run of `=`, `_` or `-` is one hit). */
const FIRST_CHECKS: Record<
  string,
  { skipsRuns: boolean; passes: (bytes: Uint8Array, at: number) => boolean }
> = {
  '=': { skipsRuns: true, passes: (bytes, at) => secretNameEnd(bytes, at) !== -1 },
  ':': {
    skipsRuns: false,
    passes: (bytes, at) =>
      bytes[at + 1] === 0x2f ||
      (bytes[at + 1] === 0x41 && (bytes[at - 1] as number) >= 0x30 && (bytes[at - 1] as number) <= 0x39) ||
      secretNameEnd(bytes, at) !== -1,
  },
  '-': {
    skipsRuns: true,
    passes: (bytes, at) => DASH_PAIRS[((bytes[at - 2] as number) << 8) | (bytes[at - 1] as number)] === 1,
  },
  _: {
    skipsRuns: true,
    passes: (bytes, at) =>
      UNDERSCORE_PAIRS[((bytes[at - 2] as number) << 8) | (bytes[at - 1] as number)] === 1,
  },
};

for (const [name, bytes] of [
  ['clean git log -p', redactorCleanText()],
  ['real-output corpus', corpus],
] as const) {
  const rows = Object.entries(FIRST_CHECKS).map(([anchor, { skipsRuns, passes }]) => {
    let hits = 0;
    let passed = 0;
    for (const view of viewsOf(bytes))
      for (let at = view.text.indexOf(anchor); at !== -1; ) {
        hits++;
        if (passes(view.bytes, at)) passed++;
        let after = at + 1;
        if (skipsRuns) while (view.bytes[after] === anchor.charCodeAt(0)) after++;
        at = view.text.indexOf(anchor, after);
      }
    const perMB = (count: number) => Math.round((count * 1e6) / bytes.length);
    return `\`${anchor}\` ${perMB(hits)}/MB, ${perMB(passed)}/MB pass`;
  });
  console.log(`${name} (${bytes.length} bytes): ${rows.join('; ')}`);
}

const caseForms = (word: string): string[] =>
  [...word].reduce<string[]>(
    (forms, letter) => forms.flatMap((form) => [form + letter.toLowerCase(), form + letter.toUpperCase()]),
    [''],
  );
const tails = [...SECRET_NAME_TAILS].map((tail) =>
  String.fromCharCode(tail >> 16, (tail >> 8) & 0xff, tail & 0xff),
);
const words = ['ssw', 'cred', 'priv'];
const clean = viewsOf(redactorCleanText());
let sink = 0;
const search = (needles: readonly string[]) => () => {
  for (const { text } of clean)
    for (const needle of needles)
      for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) sink++;
};
const contenders: Record<string, () => void> = {
  '`=` and `:` searches, `secretNameEnd` at each hit': () => {
    for (const { bytes, text } of clean)
      for (const sign of ['=', ':'])
        for (let at = text.indexOf(sign); at !== -1; at = text.indexOf(sign, at + 1))
          sink += secretNameEnd(bytes, at);
  },
  '`=` and `:` searches alone': search(['=', ':']),
  'oken OKEN ecret ECRET assw ASSW': search(['oken', 'OKEN', 'ecret', 'ECRET', 'assw', 'ASSW']),
  [`the ${tails.length} tails in lower case`]: search(tails),
  [`the ${tails.length} tails in upper case`]: search(tails.map((tail) => tail.toUpperCase())),
  'ssw cred priv in lower case': search(words),
  [`every case form of the tails and words (${[...tails, ...words].flatMap(caseForms).length})`]: search(
    [...tails, ...words].flatMap(caseForms),
  ),
};
const times = new Map(Object.keys(contenders).map((name) => [name, [] as number[]]));
const cleanBytes = clean.reduce((total, { bytes }) => total + bytes.length, 0);
for (let round = -1; round < rounds; round++)
  for (const [name, measure] of round % 2 === 0
    ? Object.entries(contenders)
    : Object.entries(contenders).reverse()) {
    const start = process.cpuUsage();
    measure();
    const used = process.cpuUsage(start);
    if (round >= 0) times.get(name)?.push(((used.user + used.system) * 1000) / cleanBytes);
  }
console.log(
  `Node ${process.version}, CPU ns/B over ${cleanBytes} bytes, ${rounds} alternated rounds (min / median):`,
);
for (const [name, values] of times) {
  const sorted = values.sort((a, b) => a - b);
  console.log(
    `${name}: ${(sorted[0] as number).toFixed(3)} / ${(sorted[sorted.length >> 1] as number).toFixed(3)}`,
  );
}
if (sink === 0) throw new Error('nothing searched');
