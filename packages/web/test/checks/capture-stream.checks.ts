import fc from 'fast-check';
import { AbortError, type CaptureStreamResult, captureStream } from '../../src/index';
import goldens from './capture-goldens.json';
import { CAPTURE_CASES } from './capture-inputs';
import { assert, assertEqual, assertRejects, assertThrows, suite } from './check';
import { cutBytes, sourceOf } from './web-streams';

const encoder = new TextEncoder();
const GOLDENS = goldens as Record<string, unknown>;

/** The capture as JSON data, as the goldens were written (excerpts' bytes as arrays of numbers). */
function plain(capture: CaptureStreamResult): unknown {
  return JSON.parse(
    JSON.stringify({ ...capture, excerpts: capture.excerpts.map((e) => ({ ...e, bytes: [...e.bytes] })) }),
  );
}

/** A source that gives `first`, then waits for ever; `pulled` settles when a read waits for more. */
function stalledSource(first: Uint8Array) {
  let waiting: () => void = () => {};
  const pulled = new Promise<void>((resolve) => {
    waiting = resolve;
  });
  let cancelled: (reason: unknown) => void = () => {};
  const reason = new Promise<unknown>((resolve) => {
    cancelled = resolve;
  });
  let given = false;
  const readable = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!given) {
          given = true;
          controller.enqueue(first);
          return;
        }
        waiting();
        return new Promise<void>(() => {});
      },
      cancel: (why) => cancelled(why),
    },
    { highWaterMark: 0 },
  );
  return { readable, pulled, cancelled: reason };
}

export const captureStreamChecks = suite('captureStream', {
  "should give pipeline()'s Capture for each golden case, whole and in any chunking": async (context) => {
    for (const { name, bytes, options } of CAPTURE_CASES) {
      const expected = GOLDENS[name];
      assert(expected !== undefined, `a golden for ${name}`);
      assertEqual(plain(await captureStream(sourceOf([bytes]).readable, options)), expected, name);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CAPTURE_CASES),
        fc.array(fc.nat(20_000), { maxLength: 12 }),
        async ({ name, bytes, options }, cuts) => {
          const chunks = cutBytes(
            bytes,
            cuts.map((cut) => cut % (bytes.length + 1)),
          );
          assertEqual(plain(await captureStream(sourceOf(chunks).readable, options)), GOLDENS[name], name);
        },
      ),
      { numRuns: context.runs(30) },
    );
  },

  'should withhold every secret, whatever the chunking, when redacting': async (context) => {
    const secrets = ['Zq3vW8xKp2LmN7rT', 'ZQ3VW8XKP2LMN7RT', 'Xy7deployQw9value', 'Xy7-deploy-Qw9-value'];
    const redacting = CAPTURE_CASES.find(({ options }) => options.redact);
    assert(redacting !== undefined, 'a redacting case');
    const { bytes, options } = redacting;
    const plainText = (
      await captureStream(sourceOf([bytes]).readable, { ...options, redact: false, maxBytes: null })
    ).text;
    // The secrets are there to find: without redact they reach the text.
    assert(
      secrets.every((secret) => plainText.includes(secret)),
      'the secrets without redact',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(bytes.length), { maxLength: 40 }), async (cuts) => {
        const capture = await captureStream(sourceOf(cutBytes(bytes, cuts)).readable, options);
        for (const secret of secrets) assert(!capture.text.includes(secret), `no ${secret} in the text`);
        assertEqual(capture.redactions, 4, 'four redactions');
      }),
      { numRuns: context.runs(30) },
    );
  },

  'should reject with an AbortError and cancel the source when the signal is aborted before': async () => {
    const { readable, cancelled } = sourceOf([encoder.encode('never read\n')]);
    const controller = new AbortController();
    const reason = new Error('not needed');
    controller.abort(reason);
    const capturing = captureStream(readable, { signal: controller.signal });
    await assertRejects(capturing, { errorClass: AbortError, fields: { code: 'ABORT_ERR', cause: reason } });
    assert((await cancelled) === reason, 'the source was cancelled with the reason');
  },

  'should reject with an AbortError and cancel the source when the signal is aborted while reading':
    async () => {
      const { readable, pulled, cancelled } = stalledSource(encoder.encode('first line\n'));
      const controller = new AbortController();
      const capturing = captureStream(readable, { signal: controller.signal, profile: 'agent' });
      await pulled;
      controller.abort();
      await assertRejects(capturing, {
        errorClass: AbortError,
        fields: { code: 'ABORT_ERR', name: 'AbortError' },
      });
      const reason = await cancelled;
      assert(reason === controller.signal.reason, 'the source was cancelled with the signal reason');
    },

  'should resolve as usual when the signal is aborted after the capture': async () => {
    const controller = new AbortController();
    const capture = await captureStream(sourceOf([encoder.encode('done\n')]).readable, {
      signal: controller.signal,
    });
    controller.abort();
    assertEqual(capture.text, 'done\n', 'text');
  },

  "should reject with the source's error": async () => {
    const failure = Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
    const readable = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoder.encode('partial\n'));
        controller.error(failure);
      },
    });
    await assertRejects(captureStream(readable), failure);
  },

  "should reject with Node's TypeError and cancel the source when a chunk is not a Uint8Array": async () => {
    // A chunk after the refused one: the read asked ahead of the work leaves the source open to cancel.
    const { readable, cancelled } = sourceOf<unknown>([
      encoder.encode('ok\n'),
      'text',
      encoder.encode('more\n'),
    ]);
    const expected = {
      errorClass: TypeError,
      fields: {
        code: 'ERR_INVALID_ARG_TYPE',
        message: `The "chunk" argument must be an instance of Uint8Array. Received type string ('text')`,
      },
    };
    await assertRejects(captureStream(readable as ReadableStream<Uint8Array>), expected);
    assert((await cancelled) instanceof TypeError, 'the source was cancelled with the error');
  },

  'should ask the source for the next chunk before working on one (the read overlaps the work)': async () => {
    // Arrange: a source that counts the reads asked of it; its second chunk is refused when worked on.
    let asked = 0;
    const chunks: unknown[] = [encoder.encode('ok\n'), 'not bytes', encoder.encode('late\n')];
    const readable = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          controller.enqueue(chunks[asked++] as Uint8Array);
        },
      },
      { highWaterMark: 0 },
    );
    // Act
    await assertRejects(captureStream(readable), { errorClass: TypeError, fields: {} });
    // Assert: the third chunk was asked for before the second was worked on (and refused).
    assertEqual(asked, 3, 'reads asked of the source');
  },

  "should throw pipeline()'s errors for invalid options before reading": () => {
    const cases: [object, new (...args: never[]) => Error, string][] = [
      [
        { maxBytes: -1 },
        RangeError,
        'The "maxBytes" option must be a non-negative safe integer or null. Received -1',
      ],
      [
        { render: 'color' },
        RangeError,
        `The "render" option must be one of 'terminal', 'raw'. Received 'color'`,
      ],
      [{ spill: '/tmp' }, TypeError, 'The "options" argument has an unknown option "spill"'],
      [
        { signal: 'stop' },
        TypeError,
        `The "signal" option must be an instance of AbortSignal. Received type string ('stop')`,
      ],
      [
        { fallback: 'auto' },
        TypeError,
        `The "fallback" option must be an encoding webLegacyCodec supports. Received type string ('auto')`,
      ],
    ];
    for (const [options, errorClass, message] of cases) {
      const { readable } = sourceOf([encoder.encode('x')]);
      assertThrows(
        () => captureStream(readable, options),
        { errorClass, fields: { message } },
        JSON.stringify(options),
      );
      assert(!readable.locked, 'the source was not read');
    }
    assertThrows(() => captureStream('not a stream' as never), {
      errorClass: TypeError,
      fields: {
        message: `The "readable" argument must be an instance of ReadableStream. Received type string ('not a stream')`,
      },
    });
  },
});
