import type { TerminalModes } from './terminal-modes';

/** What a command reads that a wait can be for: its terminal, or its stdin on pipes (a live `input` stream). */
export type InputSource = 'terminal' | 'stdin';

/** How an input wait was judged. */
export interface InputWaitEvidence {
  /**
   * `'proc'`: from Linux's /proc, a process seen blocked waiting for the input only; `'prompt-text'`:
   * from the quiet spell and the prompt's text alone (macOS, Windows, or a process /proc would not show).
   */
  method: 'proc' | 'prompt-text';
  /** What the command waits to read. */
  input: InputSource;
  /** The waiting process (under a terminal, one of its foreground group); `null` from the prompt's text. */
  pid: number | null;
  /** That process's name as the kernel keeps it (`comm`, at most 15 bytes); `null` from the prompt's text. */
  processName: string | null;
  /** The system call it is blocked in (`read`, `ppoll`, `epoll_pwait`, …); `null` from the prompt's text. */
  syscall: string | null;
  /** The descriptor it reads, for a `read`; `null` for a wait on a set, and from the prompt's text. */
  fd: number | null;
  /** The kernel function it sleeps in (`wait_woken`, `n_tty_read`, …), when /proc shows it. */
  wchan: string | null;
  /** The terminal's modes when they could be read; `null` on pipes, from the prompt's text, or unread. */
  terminalModes: TerminalModes | null;
  /**
   * Whether what is asked for is likely a secret, so that what is typed is not shown: the prompt asks for a
   * password, passphrase, PIN, token or code, or the program set the modes a password reader sets.
   */
  secret: boolean;
  /** Milliseconds without output or input before the judgement. */
  quietMs: number;
  /** The judgement in one line, for a person or a model. */
  summary: string;
}

/** A command found waiting for input (`inputWait` on reads and on results). */
export interface InputWait {
  /** When the wait began, in milliseconds since the epoch: the end of the last output or input before it. */
  since: number;
  /**
   * The prompt: the last partial line of output (the last line when the output ended with its line end),
   * as the terminal shows it, through the caller's `formatPrompt` (where redaction applies).
   */
  prompt: string;
  evidence: InputWaitEvidence;
}

/** What a sampler is asked: is command `pid` waiting for `input`, after `quietMs` of quiet? */
export interface InputWaitQuery {
  pid: number;
  input: InputSource;
  /** The prompt's text before `formatPrompt` (never shown: it informs the judgement). */
  promptText: string;
  quietMs: number;
}

/** One sample's verdict: waiting (with the evidence), not waiting, or unknown (with why). */
export type InputWaitSample =
  | { verdict: 'waiting'; evidence: InputWaitEvidence }
  | { verdict: 'not-waiting' | 'unknown'; reason: string };

/** Judges one quiet moment of a command; see {@link sampleInputWait} for the default. */
export type InputWaitSampler = (query: InputWaitQuery) => Promise<InputWaitSample>;
