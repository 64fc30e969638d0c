import type { InputWaitQuery, InputWaitSample } from './input-wait-types';
import { sampleFromProc } from './proc-sampler';
import { asksForSecret, promptKind } from './prompt-kinds';

/**
 * Judges from the prompt's text alone (the quiet spell having passed): waiting when the last line reads
 * as one of the prompts {@link promptKind} knows, else unknown. `unavailable` says why /proc was not used.
 */
export function sampleFromPromptText(query: InputWaitQuery, unavailable: string): InputWaitSample {
  const kind = promptKind(query.promptText);
  if (kind === null)
    return { verdict: 'unknown', reason: `${unavailable}; the last line does not read as a prompt` };
  const secret = asksForSecret(query.promptText);
  return {
    verdict: 'waiting',
    evidence: {
      method: 'prompt-text',
      input: query.input,
      pid: null,
      processName: null,
      syscall: null,
      fd: null,
      wchan: null,
      terminalModes: null,
      secret,
      quietMs: query.quietMs,
      summary: `${unavailable}: judged from ${(query.quietMs / 1000).toFixed(1)} s without output or input and a last line that reads as a ${kind} prompt${secret ? ' asking for a secret' : ''}`,
    },
  };
}

/**
 * The default sampler: /proc where it answers (Linux), else the prompt's text
 * ({@link sampleFromPromptText}), so macOS, Windows and a process /proc hides (a setuid `sudo`) still get
 * the prompts whose text is plain.
 */
export async function sampleInputWait(query: InputWaitQuery): Promise<InputWaitSample> {
  const sample = await sampleFromProc(query);
  return sample.verdict === 'unknown' ? sampleFromPromptText(query, sample.reason) : sample;
}
