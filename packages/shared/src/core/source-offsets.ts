/**
 * How far back (in a stage's output bytes) {@link SourceOffsets.sourceOffsetOf} must still answer: more
 * than the bytes that can sit buffered between a stage and the sink that asks (a few high-water marks).
 */
export const SOURCE_OFFSET_LOOKBACK_BYTES = 1024 * 1024;

/** A stage that changes which bytes pass, able to say where an output byte came from in its input. */
export interface SourceOffsets {
  /**
   * The offset in the stage's input of the start of the line that the output byte at `outputOffset`
   * came from (or its exact input offset where bytes pass one for one); `null` when that output lies
   * more than {@link SOURCE_OFFSET_LOOKBACK_BYTES} behind the stage's latest output.
   */
  sourceOffsetOf(outputOffset: number): number | null;
}
