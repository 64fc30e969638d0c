/** A stage's core as the tests drive it: `write` and `end` with an `emit`. */
interface Drivable<In, Out> {
  write(input: In, emit: (out: Out) => void): void;
  end(emit: (out: Out) => void): void;
}

/**
 * Writes `inputs` to a core, then ends it, and returns everything it emitted, in order: bytes as copies
 * taken as they came (a core may emit views valid only until its `write` returns), anything else as is.
 */
export function driveCore<In, Out>(core: Drivable<In, Out>, inputs: Iterable<In>): Out[] {
  const out: Out[] = [];
  const emit = (item: Out) => out.push(item instanceof Uint8Array ? (Buffer.from(item) as Out) : item);
  for (const input of inputs) core.write(input, emit);
  core.end(emit);
  return out;
}

/** `driveCore` (`./core`) for a core that emits bytes: what it emitted, joined. */
export function driveCoreBytes(core: Drivable<Uint8Array, Uint8Array>, chunks: Iterable<Uint8Array>): Buffer {
  return Buffer.concat(driveCore(core, chunks));
}
