import { canonicalEncoding } from './canonical-encoding';
import { type DoubleByteTable, type DoubleByteTableData, expandTable } from './double-byte-decoder';
import { DOUBLE_BYTE_NAMES } from './double-byte-names';

type TableModule = Promise<{ default: DoubleByteTableData }>;

/**
 * Each codec's table as a module of its own, imported when the codec is first named: a bundle for users who
 * name none carries none of them (each is 30-90 KB), and one who names GBK loads GBK's only.
 */
const TABLE_MODULES: Readonly<Record<string, () => TableModule>> = {
  shiftjis: () => import('./double-byte/shiftjis'),
  eucjp: () => import('./double-byte/eucjp'),
  cp936: () => import('./double-byte/cp936'),
  gbk: () => import('./double-byte/gbk'),
  gb18030: () => import('./double-byte/gb18030'),
  cp949: () => import('./double-byte/cp949'),
  cp950: () => import('./double-byte/cp950'),
  big5hkscs: () => import('./double-byte/big5hkscs'),
};

/** Tables loaded so far, by codec: immutable data, loaded once per realm as any module is. */
const loaded = new Map<string, Promise<DoubleByteTable>>();
const ready = new Map<string, DoubleByteTable>();

/** The double-byte codec that `encoding` names (any spelling iconv-lite accepts), if it names one. */
export function doubleByteCodecOf(encoding: string): string | undefined {
  return DOUBLE_BYTE_NAMES[canonicalEncoding(encoding)];
}

/** Loads `codec`'s table (once); resolves when {@link doubleByteTable} has it. */
export function loadDoubleByteTable(codec: string): Promise<DoubleByteTable> {
  let table = loaded.get(codec);
  if (table === undefined) {
    table = (TABLE_MODULES[codec] as () => TableModule)().then(({ default: data }) => {
      const expanded = expandTable(data);
      ready.set(codec, expanded);
      return expanded;
    });
    // A failed load (a lost network) may be tried again.
    table.catch(() => loaded.delete(codec));
    loaded.set(codec, table);
  }
  return table;
}

/** `codec`'s table when it has been loaded. */
export function doubleByteTable(codec: string): DoubleByteTable | undefined {
  return ready.get(codec);
}
