import type { CaptureStreamOptions } from '../../src/index';

/** A capture the checks make in every runtime, and whose Capture Node's pipeline() gave (capture-goldens.json). */
export interface CaptureCase {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly options: CaptureStreamOptions;
}

const encoder = new TextEncoder();
const concat = (parts: readonly Uint8Array[]) => {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
};

/** A build an agent ran: progress redrawn with CR, colours, a repeated line, an error deep in the middle. */
function agentLog(): Uint8Array {
  const lines: string[] = [];
  for (let step = 0; step < 120; step++) {
    lines.push(`\x1b[32m[${step}/120]\x1b[0m compiling src/module-${step}.ts`);
    for (let percent = 0; percent <= 100; percent += 25)
      lines.push(`\r  ${percent}% ${'#'.repeat(percent / 10)}`);
    lines.push('\n');
    if (step % 30 === 7) lines.push('warning: deprecated API\n'.repeat(6));
    if (step === 64) lines.push('src/module-64.ts:12:5 - error TS2322: Type string is not assignable\n');
  }
  lines.push('Build failed with 1 error\n');
  return encoder.encode(lines.join(''));
}

/** Cyrillic text from a Windows tool in cp1251 (`Привет, мир` and `Ошибка`) among UTF-8 lines. */
const CP1251_LINES = Uint8Array.of(
  0xcf,
  0xf0,
  0xe8,
  0xe2,
  0xe5,
  0xf2,
  0x2c,
  0x20,
  0xec,
  0xe8,
  0xf0,
  0x0a,
  0xce,
  0xf8,
  0xe8,
  0xe1,
  0xea,
  0xe0,
  0x0d,
  0x0a,
);

/** Bytes 0-255 over and over: binary by every measure. */
const BINARY = Uint8Array.from({ length: 6000 }, (_, index) => (index * 7) % 256);

/** `text` as UTF-16LE with its byte-order mark, as Windows PowerShell writes it. */
function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    bytes[2 + index * 2] = unit & 0xff;
    bytes[3 + index * 2] = unit >> 8;
  }
  return bytes;
}

/** Every case, each a different part of the preset. */
export const CAPTURE_CASES: readonly CaptureCase[] = [
  {
    name: 'agent profile over a build log',
    bytes: agentLog(),
    options: { profile: 'agent', maxBytes: 2000 },
  },
  {
    name: 'cp1251 lines recovered among UTF-8, with a line cap',
    bytes: concat([encoder.encode('résumé ✓\n'), CP1251_LINES, encoder.encode('x'.repeat(90))]),
    options: { fallback: 'cp1251', maxBytes: null, maxLineBytes: 40 },
  },
  {
    name: 'binary withheld between text, kept as head and tail',
    bytes: concat([encoder.encode('before\n'.repeat(200)), BINARY, encoder.encode('after\n'.repeat(200))]),
    options: { guardWindowBytes: 1024, maxBytes: 600, keep: 'both', label: 'stderr', command: 'cat blob' },
  },
  {
    name: 'UTF-16LE transcoded, folded and kept as a tail',
    bytes: utf16le('Windows PowerShell\r\n'.concat('same\r\n'.repeat(40), 'Done. Ünïcödé ✓\r\n')),
    options: { foldRepeats: true, maxBytes: 64, keep: 'tail' },
  },
  {
    name: 'secrets redacted after rendering, before folding and the budget',
    bytes: encoder.encode(
      [
        'export GITHUB_TOKEN=ghp_Zq3vW8xKp2LmN7rTy5Bc9Hd4Fg6Jk1Qs0Ae2\n',
        '\x1b[31mAKIAZQ3VW8XKP2LMN7RT\x1b[0m\n',
        'curl: Authorization: Bearer Xy7deployQw9valueKp3Lm\n',
        'same line\n'.repeat(30),
        'deploy value Xy7-deploy-Qw9-value-Kp3 printed\n',
        'tail line\n'.repeat(40),
      ].join(''),
    ),
    options: {
      render: 'terminal',
      foldRepeats: true,
      maxBytes: 200,
      keep: 'both',
      cutAt: 'line',
      redact: { env: { DEPLOY_TOKEN: 'Xy7-deploy-Qw9-value-Kp3' } },
    },
  },
  { name: 'an empty stream', bytes: new Uint8Array(0), options: {} },
];
