import iconv from 'iconv-lite';
import { CODEPAGE_CANDIDATES, type CodepageCase, codepageInputs } from '../checks/codepage-inputs';

/** What the Node stage decodes each input of {@link codepageInputs} to, per iconv-lite name. */
export type CodepageOracle = Record<string, string[]>;

/** The Node stage's decoding (iconv-lite, no BOM stripping, as FallbackDecoder calls it) of every input. */
export function codepageOracle(cases: readonly CodepageCase[] = CODEPAGE_CANDIDATES): CodepageOracle {
  const oracle: CodepageOracle = {};
  for (const { iconv: name, shape } of cases) {
    oracle[name] = codepageInputs(shape).map((bytes) =>
      iconv.decode(Buffer.from(bytes), name, { stripBOM: false }),
    );
  }
  return oracle;
}

const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte));
// UTF-8 and the double-byte codepages join some of these into one unit; a single-byte one never does.
const JOINABLE = Buffer.from([0xc3, 0xa9, 0xe2, 0x82, 0xac, 0x81, 0x40]);

/** What iconv-lite decodes bytes 0x00-0xFF to, for every name of a single-byte codepage it accepts. */
export function singleByteOracle(): Record<string, string> {
  iconv.encodingExists('cp437'); // loads iconv-lite's table of codecs
  const oracle: Record<string, string> = {};
  for (const name of Object.keys(iconv.encodings as object).filter((key) => !key.startsWith('_'))) {
    const text = iconv.decode(ALL_BYTES, name, { stripBOM: false });
    if (text.length === 256 && iconv.decode(JOINABLE, name, { stripBOM: false }).length === JOINABLE.length) {
      oracle[name] = text;
    }
  }
  return oracle;
}
