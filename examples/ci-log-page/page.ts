/// <reference lib="dom" />
// The page's script: fetches a CI log and shows it as a terminal would once drawn (progress bars
// redrawn in place, colours removed), text streaming into the page as the body arrives. Bundle it
// (`pnpm exec esbuild examples/ci-log-page/page.ts --bundle --format=esm --outfile=examples/ci-log-page/page.js`)
// and serve the folder with any static server; examples/test/web-examples.test.ts does both in Chromium.
import { TerminalRendererStream } from '@pipeguard/web';

/** The renderer as a TransformStream of bytes, on a terminal 120 columns wide. */
const renderer = new TerminalRendererStream({ cols: 120 });

const log = document.getElementById('log') as HTMLElement;
const response = await fetch('./ci.log');
await (response.body as ReadableStream<Uint8Array>)
  .pipeThrough(renderer)
  // TypeScript's DOM types give TextDecoderStream a writable side of BufferSource, wider than our bytes.
  .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
  .pipeTo(new WritableStream({ write: (text) => void log.append(text) }));
const { bytesIn, bytesOut } = renderer.stats;
(document.getElementById('stats') as HTMLElement).textContent =
  `${bytesIn} bytes of terminal output, ${bytesOut} bytes as the terminal shows them`;
// For the browser test: what the page rendered.
(globalThis as { pipeguardPage?: unknown }).pipeguardPage = { text: log.textContent, stats: renderer.stats };
