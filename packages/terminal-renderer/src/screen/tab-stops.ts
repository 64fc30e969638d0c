import { TAB_STOP } from './row-layout';

/**
 * The tab stops of a screen: every 8 columns until a program sets (HTS) or clears (TBC) one, then a map of
 * its own. `limit` is the last column a tab can reach: the right margin's (`margin`), or without one the
 * longest row's, where a tab with no stop ahead stays where it is (there is no last column to go to).
 */
export class TabStops {
  readonly #limit: number;
  readonly #margin: boolean;
  /** One byte per column, 1 at a stop; null while the stops are the default ones. */
  #stops: Uint8Array | null = null;

  constructor(limit: number, margin: boolean) {
    this.#limit = limit;
    this.#margin = margin;
  }

  /** Whether the stops are every 8 columns, as a reader's terminal expands a tab byte. */
  get isDefault(): boolean {
    return this.#stops === null;
  }

  /** The next stop after `column`, or the last column when there is none. */
  next(column: number): number {
    const stops = this.#stops;
    const stop = column + TAB_STOP - (column % TAB_STOP);
    // Without a right margin the default stops go on for ever (the row is cut at maxLineBytes, not the tab).
    if (stops === null) return this.#margin ? Math.min(this.#limit, stop) : stop;
    let at = column + 1;
    while (at < this.#limit && stops[at] === 0) at++;
    if (!this.#margin && stops[at] !== 1) return column;
    return Math.min(at, this.#limit);
  }

  /** The stop before `column`, or column 0 when there is none. */
  previous(column: number): number {
    const stops = this.#stops;
    if (stops === null)
      return column <= 0 ? 0 : Math.min(this.#limit, column - 1 - ((column - 1) % TAB_STOP));
    let at = Math.min(column, this.#limit + 1) - 1;
    while (at > 0 && stops[at] === 0) at--;
    return Math.max(at, 0);
  }

  /** HTS: a stop at `column`. */
  set(column: number): void {
    if (column > this.#limit) return;
    this.#map()[column] = 1;
  }

  /** TBC 0: no stop at `column`. */
  clear(column: number): void {
    if (column > this.#limit) return;
    this.#map()[column] = 0;
  }

  /** TBC 3: no stops at all. */
  clearAll(): void {
    this.#stops = new Uint8Array(this.#limit + 1);
  }

  #map(): Uint8Array {
    if (this.#stops === null) {
      const stops = new Uint8Array(this.#limit + 1);
      for (let column = TAB_STOP; column <= this.#limit; column += TAB_STOP) stops[column] = 1;
      this.#stops = stops;
    }
    return this.#stops;
  }
}
