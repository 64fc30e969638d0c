/**
 * A stand-in for a class that the CLI's bundle initialises only when the first instance is made:
 * `new Stand()` returns `new (load())(...)`. The bin is one file, so what a module costs at start is its
 * initialisation (its classes, tables and closures, and their share of the young generation, which
 * would fill before `pipeguard -- CMD` exits and cost it a scavenge), not a read.
 */
export function lazyClass<C extends abstract new (...args: never[]) => object>(load: () => C): C {
  let loaded: C | undefined;
  return function LazyClass(...args: unknown[]) {
    loaded ??= load();
    return Reflect.construct(loaded, args);
  } as unknown as C;
}
