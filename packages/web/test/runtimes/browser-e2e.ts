// The browser test's page script: the package bundle, loaded as the page's own module, drives a core
// over a fetched body end to end.
import { portableByteOps } from '@pipeguard/shared/core';
import { StageStream } from '@pipeguard/web';
import { LineCore } from '../checks/test-cores';

const response = await fetch('./sample.log');
const expected = (await (await fetch('./sample.log')).text()).split(/(?<=\n)/);
const stage = new StageStream(new LineCore(portableByteOps));
const decoder = new TextDecoder();
const lines: string[] = [];
await (response.body as ReadableStream<Uint8Array>)
  .pipeThrough(stage)
  .pipeTo(new WritableStream({ write: (line) => void lines.push(decoder.decode(line)) }));
const ok = lines.length === expected.length && lines.every((line, index) => line === expected[index]);
(globalThis as { pipeguardE2e?: unknown }).pipeguardE2e = { ok, lines: lines.length, stats: stage.stats };
