import type { SecretRedactorCore } from '@pipeguard/secret-redactor/core';
import type { Emit } from '@pipeguard/shared/core';

/**
 * The redactor as a step of a capture chain, passed over once the sink keeps no more (a head-only budget
 * whose head is full, no excerpts to take): what comes after can only be counted, never shown, so it goes
 * on as it came. At that point the redactor ends first: the line it holds is redacted and goes on before
 * the bytes that follow, so the sink counts redacted bytes up to there and the bytes as they came after.
 */
export class RedactorPass {
  readonly #redactor: SecretRedactorCore;
  readonly #keepsNoMore: () => boolean;
  #passing = false;

  /** `keepsNoMore` says whether the sink keeps nothing written from now on; `null` never passes over. */
  constructor(redactor: SecretRedactorCore, keepsNoMore: (() => boolean) | null) {
    this.#redactor = redactor;
    this.#keepsNoMore = keepsNoMore ?? (() => false);
  }

  /** Whether the redactor is passed over: it has ended, and the bytes go on as they came. */
  get passing(): boolean {
    return this.#passing;
  }

  write(bytes: Uint8Array, emit: Emit<Uint8Array>): void {
    if (!this.#passing) {
      if (!this.#keepsNoMore()) {
        this.#redactor.write(bytes, emit);
        return;
      }
      this.#passing = true;
      this.#redactor.end(emit);
    }
    emit(bytes);
  }

  end(emit: Emit<Uint8Array>): void {
    this.#redactor.end(emit);
  }
}
