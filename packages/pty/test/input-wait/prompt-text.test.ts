import { describe, expect, it } from 'vitest';
import { lineText, MAX_PROMPT_CHARS } from '../../src/index';
import { promptKind } from '../../src/input-wait/prompt-kinds';
import { MAX_PROMPT_LINE_BYTES, PromptLine } from '../../src/input-wait/prompt-line';
import { sampleFromPromptText } from '../../src/input-wait/sample-input-wait';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('lineText', () => {
  it.each([
    ['plain', 'Name? ', 'Name?'],
    [
      'colours dropped',
      '\x1b[1;32m?\x1b[0m Project name: \x1b[2m(my-app)\x1b[22m ',
      '? Project name: (my-app)',
    ],
    ['a carriage return redraws the row', 'Downloading 50%\r\x1b[KPassword: ', 'Password:'],
    ['a carriage return alone overwrites the start', 'abcdef\rXY', 'XYcdef'],
    [
      "readline's column moves and erasure",
      '\x1b[1G\x1b[0JOk to proceed? (y) \x1b[20G',
      'Ok to proceed? (y)',
    ],
    ["less's prompt in reverse video", '\x1b[7m/tmp/long.log\x1b[27m\x1b[K', '/tmp/long.log'],
    ['a backspace', 'Passwordd\b: ', 'Password:'],
    ['CSI 2K clears the row', 'old text\x1b[2Knew', 'new'],
    ['an OSC title, BEL- and ST-ended', '\x1b]0;title\x07\x1b]2;more\x1b\\$ ', '$'],
    ['a tab is a space, other controls dropped', 'a\tb\x07c\x00', 'a bc'],
    ['a cursor move right leaves a gap', 'a\x1b[3Cb', 'a   b'],
    ['CRLF line end', 'Continue?\r', 'Continue?'],
    ['invalid UTF-8 shown as U+FFFD', '\xff\xfe ok', '\ufffd\ufffd ok'],
  ])('should render %s', (_name, input, expected) => {
    // Each input is one byte per character (latin1), so a row can hold bytes that are not UTF-8.
    expect(lineText(Buffer.from(input, 'latin1'))).toBe(expected);
  });

  it('should keep the end of a line longer than MAX_PROMPT_CHARS', () => {
    const text = lineText(bytes(`${'x'.repeat(2000)}Your choice? `));
    expect(text.length).toBe(MAX_PROMPT_CHARS);
    expect(text.endsWith('xYour choice?')).toBe(true);
  });

  it('should count a character outside the BMP as one cell', () => {
    expect(lineText(bytes('🙂x\rA'))).toBe('Ax');
  });
});

describe('PromptLine', () => {
  it('should keep the partial line and the last complete line across chunks', () => {
    const line = new PromptLine();
    line.add(bytes('first\nsec'));
    line.add(bytes('ond\nPass'));
    line.add(bytes('word: '));
    expect(new TextDecoder().decode(line.partial)).toBe('Password: ');
    expect(new TextDecoder().decode(line.lastComplete)).toBe('second');
  });

  it('should find a line feed at the first byte of a chunk', () => {
    const line = new PromptLine();
    line.add(bytes('one'));
    line.add(bytes('\ntwo'));
    expect(new TextDecoder().decode(line.lastComplete)).toBe('one');
    expect(new TextDecoder().decode(line.partial)).toBe('two');
  });

  it('should hold at most MAX_PROMPT_LINE_BYTES of each, whatever the command prints', () => {
    const line = new PromptLine();
    for (let i = 0; i < 100; i++) line.add(new Uint8Array(64 * 1024).fill(0x61));
    expect(line.partial.length).toBe(MAX_PROMPT_LINE_BYTES);
    line.add(bytes('\nend'));
    expect(line.lastComplete.length).toBe(MAX_PROMPT_LINE_BYTES);
  });

  it('should copy what it keeps, so a reused buffer does not change the prompt', () => {
    const line = new PromptLine();
    const buffer = bytes('Password: ');
    line.add(buffer);
    buffer.fill(0x78);
    expect(new TextDecoder().decode(line.partial)).toBe('Password: ');
  });
});

describe('promptKind (the text-only fallback)', () => {
  it.each([
    ['Do you want to continue? [Y/n]', 'choice'],
    ['Proceed (y/N)?', 'choice'],
    ['Are you sure you want to continue connecting (yes/no/[fingerprint])?', 'choice'],
    ['Ok to proceed? (y)', 'choice'],
    ['[sudo] password for alice:', 'secret'],
    ["Enter passphrase for key '/home/a/.ssh/id_ed25519':", 'secret'],
    ["Username for 'https://github.com':", 'credential'],
    ["rm: remove regular file 'notes.txt'?", 'confirmation'],
    ['Press ENTER to continue', 'key'],
    [':', 'pager'],
    ['(END)', 'pager'],
    ['--More--(42%)', 'pager'],
  ])('should read %j as a %s prompt', (text, kind) => {
    expect(promptKind(text)).toBe(kind);
  });

  it.each([
    [''],
    ['Compiling 120 modules:'],
    ['Downloading: 45% [=====>     ]'],
    ['Running tests...'],
    ['What changed?'],
    ['100%'],
  ])('should not read %j as a prompt', (text) => {
    expect(promptKind(text)).toBeNull();
  });

  it('should judge from the text what macOS and Windows get, saying so in the evidence', () => {
    const query = { pid: 7, input: 'terminal' as const, promptText: 'Password:', quietMs: 1500 };
    const sample = sampleFromPromptText(query, 'no /proc on darwin');
    expect(sample).toMatchObject({
      verdict: 'waiting',
      evidence: { method: 'prompt-text', pid: null, secret: true },
    });
    expect(sample.verdict === 'waiting' && sample.evidence.summary).toBe(
      'no /proc on darwin: judged from 1.5 s without output or input and a last line that reads as a secret prompt asking for a secret',
    );
    expect(sampleFromPromptText({ ...query, promptText: 'Building...' }, 'no /proc on darwin')).toEqual({
      verdict: 'unknown',
      reason: 'no /proc on darwin; the last line does not read as a prompt',
    });
  });
});
