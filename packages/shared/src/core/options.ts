function shorten(shown: string): string {
  return shown.length > 28 ? `${shown.slice(0, 25)}...` : shown;
}

/**
 * Describes a received value the way Node's own argument errors do: `type string ('x')` after a
 * type mismatch (`typeMismatch: true`), else the bare value (`-1`, `'x'`).
 */
export function describeReceived(value: unknown, { typeMismatch = true } = {}): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return `function ${value.name || '<anonymous>'}`;
  if (typeof value === 'object') {
    const name = (value as object).constructor?.name;
    return name ? `an instance of ${name}` : 'an object';
  }
  const shown = shorten(typeof value === 'string' ? `'${value}'` : String(value));
  return typeMismatch ? `type ${typeof value} (${shown})` : shown;
}

function typeError(name: string, expected: string, value: unknown): TypeError {
  return new TypeError(`The "${name}" option must be ${expected}. Received ${describeReceived(value)}`);
}

function rangeError(name: string, expected: string, value: unknown): RangeError {
  return new RangeError(
    `The "${name}" option must be ${expected}. Received ${describeReceived(value, { typeMismatch: false })}`,
  );
}

/**
 * Validates an optional options argument: `undefined` or a plain object whose own keys are all in
 * `known` (when given), so that a misspelt option (`maxbytes`) fails instead of being ignored. With
 * `name`, the object is the nested option of that name (`host`) and the messages say so.
 * @throws TypeError when it is not an object, naming the first unknown key and the nearest known one.
 */
export function validateOptionsObject(value: unknown, known?: readonly string[], name?: string): void {
  const subject = name === undefined ? 'The "options" argument' : `The "${name}" option`;
  if (value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    throw new TypeError(`${subject} must be of type object. Received ${describeReceived(value)}`);
  }
  if (value === undefined || known === undefined) return;
  for (const key of Object.keys(value as object)) {
    if (known.includes(key)) continue;
    const nearest = nearestName(key, known);
    const hint = nearest === null ? '' : ` (did you mean "${nearest}"?)`;
    throw new TypeError(`${subject} has an unknown option "${key}"${hint}`);
  }
}

/** The known name closest to `name` (case-insensitive edit distance), or `null` when none is close. */
export function nearestName(name: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // A suggestion further than a third of the name away is noise, not help.
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Validates an integer option; `minimum` defaults to 0, `nullable` allows `null` (unbounded). */
export function validateInteger(
  name: string,
  value: unknown,
  { minimum = 0, nullable = false }: { minimum?: number; nullable?: boolean } = {},
): void {
  if (value === null && nullable) return;
  const expected =
    minimum === 0 ? 'a non-negative safe integer' : `a safe integer greater than or equal to ${minimum}`;
  const wording = nullable ? `${expected} or null` : expected;
  if (typeof value !== 'number') throw typeError(name, `of type number${nullable ? ' or null' : ''}`, value);
  if (!Number.isSafeInteger(value) || value < minimum) throw rangeError(name, wording, value);
}

/** Validates an option that must be one of a fixed set of strings. */
export function validateOneOf<T extends string>(
  name: string,
  value: unknown,
  allowed: readonly T[],
): asserts value is T {
  const list = allowed.map((item) => `'${item}'`).join(', ');
  if (typeof value !== 'string') throw typeError(name, `one of ${list}`, value);
  if (!allowed.includes(value as T)) throw rangeError(name, `one of ${list}`, value);
}

/** Validates a string option; with `nonEmpty`, `''` is a RangeError. */
export function validateString(
  name: string,
  value: unknown,
  { nonEmpty = false } = {},
): asserts value is string {
  if (typeof value !== 'string') throw typeError(name, 'of type string', value);
  if (nonEmpty && value === '') throw rangeError(name, 'a non-empty string', value);
}

/** Validates a function option. */
export function validateFunction(
  name: string,
  value: unknown,
): asserts value is (...args: never[]) => unknown {
  if (typeof value !== 'function') throw typeError(name, 'of type function', value);
}

/** Validates a boolean option. */
export function validateBoolean(name: string, value: unknown): asserts value is boolean {
  if (typeof value !== 'boolean') throw typeError(name, 'of type boolean', value);
}
