import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';

/** Fields 50 and 51 of /proc/<pid>/stat, counted from the state (field 3): where the initial environment lies. */
const ENV_START_FIELD = 50 - 3;
const ENV_END_FIELD = 51 - 3;

/**
 * Overwrites every `name=value` entry of this process's initial environment with NUL bytes, so
 * `/proc/<pid>/environ` no longer shows it to any process of the same user. Deleting the variable
 * from `process.env` only unlinks it: the kernel reports the block the process started with
 * (https://man7.org/linux/man-pages/man5/proc_pid_environ.5.html). The block is rewritten through
 * /proc/self/mem, which a process may always write. Linux only; elsewhere there is no such file.
 * @returns How many entries were erased.
 * @throws When /proc/self/stat or /proc/self/mem cannot be read or written.
 */
export function eraseFromInitialEnvironment(name: string): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = Number(fields[ENV_START_FIELD]);
  const end = Number(fields[ENV_END_FIELD]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end <= start) {
    throw new Error('/proc/self/stat does not locate the initial environment');
  }
  const memory = openSync('/proc/self/mem', 'r+');
  try {
    const block = Buffer.alloc(end - start);
    readSync(memory, block, 0, block.length, start);
    const prefix = Buffer.from(`${name}=`);
    let erased = 0;
    for (let entry = 0; entry < block.length; ) {
      const nul = block.indexOf(0, entry);
      const entryEnd = nul === -1 ? block.length : nul;
      if (block.subarray(entry, entry + prefix.length).equals(prefix)) {
        const zeros = Buffer.alloc(entryEnd - entry);
        writeSync(memory, zeros, 0, zeros.length, start + entry);
        erased++;
      }
      entry = entryEnd + 1;
    }
    return erased;
  } finally {
    closeSync(memory);
  }
}
