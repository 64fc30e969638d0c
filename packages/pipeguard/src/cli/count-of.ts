/** `1 ill-formed byte`, `2 ill-formed bytes`: a count and its noun, singular for one, as every note words it. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
