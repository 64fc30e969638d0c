// Writes schema.json, the JSON Schema of `pipeguard --json`, from the library's result tables, formatted
// as biome formats it: `pnpm --filter pipeguard schema` after a result type changes (a test fails until then).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cliJsonSchema } from '../src/cli/json-schema';

const file = fileURLToPath(new URL('../schema.json', import.meta.url));
writeFileSync(file, `${JSON.stringify(cliJsonSchema(), null, 2)}\n`);
execFileSync('pnpm', ['exec', 'biome', 'format', '--write', file], { stdio: 'inherit' });
