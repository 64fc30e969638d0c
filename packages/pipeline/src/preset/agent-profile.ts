import type { CutAt, KeepMatches, KeepMode } from '@pipeguard/bounded-sink/core';

/** The names `profile` accepts. */
export type PipelineProfile = 'agent';

/** Every {@link PipelineProfile}, in the order options list them. */
export const PIPELINE_PROFILES: readonly PipelineProfile[] = Object.freeze(['agent'] as const);

/** What the agent profile sets; every other option keeps its own default. */
export interface AgentProfileSettings {
  readonly render: 'terminal';
  readonly foldRepeats: true;
  readonly redact: true;
  readonly keepMatches: KeepMatches;
  readonly keep: KeepMode;
  readonly cutAt: CutAt;
  readonly maxBytes: number;
}

/**
 * The settings of `profile: 'agent'`, for output an LLM agent reads: redraws rendered, secrets redacted, repeats folded,
 * the first errors of the omitted middle kept with their location lines, head and tail cut at line
 * ends, and 30 000 bytes per stream — the 30 000 characters Claude Code keeps of a tool's output by
 * default (`BASH_MAX_OUTPUT_LENGTH`), about 7 500 tokens, so nothing is cut again downstream.
 * Explicit options win over each of these.
 */
export const AGENT_PROFILE: AgentProfileSettings = Object.freeze({
  render: 'terminal',
  foldRepeats: true,
  redact: true,
  keepMatches: true,
  keep: 'both',
  cutAt: 'line',
  maxBytes: 30_000,
} as const);
