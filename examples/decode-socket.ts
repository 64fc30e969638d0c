import type { AddressInfo } from 'node:net';
import { connect, createServer } from 'node:net';
import { FallbackDecoder } from '@pipeguard/fallback-decoder';
import { LineSplitter } from '@pipeguard/line-splitter';
import iconv from 'iconv-lite';

/**
 * One stage pair on its own: LineSplitter + FallbackDecoder reading a TCP socket whose peer mixes
 * UTF-8 and GBK lines and sends them 3 bytes at a time, so characters arrive cut in pieces.
 */

const lines = [
  Buffer.from('status: ok ✓\n'),
  iconv.encode('警告：磁盘空间不足\n', 'gbk'),
  Buffer.from('temperature 21 °C\r\n'),
];
const server = createServer((socket) => {
  const bytes = Buffer.concat(lines);
  for (let start = 0; start < bytes.length; start += 3) socket.write(bytes.subarray(start, start + 3));
  socket.end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

const decoder = new FallbackDecoder({ fallback: 'gbk' });
const socket = connect(port, '127.0.0.1');
for await (const text of socket.pipe(new LineSplitter()).pipe(decoder)) {
  console.log(JSON.stringify(text));
}
server.close();
console.log(decoder.stats);
