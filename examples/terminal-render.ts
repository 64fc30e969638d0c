import { spawn } from 'node:child_process';
import { TerminalRenderer } from '@pipeguard/terminal-renderer';

/**
 * A child that draws as a progress-reporting tool does (a one-line bar redrawn with CR and colours, then a
 * three-line cursor-up display), rendered to the text a terminal would show once it has finished drawing.
 */
const drawing = String.raw`
const out = (text) => process.stdout.write(text);
for (let percent = 0; percent <= 100; percent += 2) {
  const bar = '#'.repeat(percent / 5).padEnd(20, '.');
  out('\r\x1b[32m' + String(percent).padStart(3) + '%\x1b[0m [' + bar + ']\x1b[K');
}
out('\n\x1b[1;32mDownloaded\x1b[0m demo-1.0.tar.gz\n');
for (let frame = 0; frame <= 10; frame++) {
  if (frame > 0) out('\x1b[3A');
  for (const job of ['lint', 'test', 'build']) out('\x1b[2K\x1b[36m' + job.padEnd(5) + '\x1b[39m ' + '='.repeat(frame * 2) + '\n');
}
out('\x1b]8;;https://example.com/report\x1b\\report\x1b]8;;\x1b\\ written\n');
`;

const child = spawn(process.execPath, ['-e', drawing], { stdio: ['ignore', 'pipe', 'inherit'] });
const renderer = new TerminalRenderer();
const rendered: Buffer[] = [];
for await (const chunk of child.stdout.pipe(renderer)) rendered.push(chunk as Buffer);

console.log(Buffer.concat(rendered).toString('utf8').trimEnd());
const { bytesIn, bytesOut, sequencesRemoved, framesOverwritten } = renderer.stats;
console.log(
  `raw ${bytesIn} bytes → rendered ${bytesOut} bytes; ${sequencesRemoved} sequences removed, ${framesOverwritten} redraws`,
);
