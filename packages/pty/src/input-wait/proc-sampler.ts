import { findMembers } from './command-members';
import { findInputReader, type InputMatcher, type InputReader } from './find-input-reader';
import type { InputWaitQuery, InputWaitSample } from './input-wait-types';
import { readProcLink } from './proc-files';
import { isEndedState, type ProcessStat, readProcessStat } from './process-stat';
import { asksForSecret } from './prompt-kinds';
import { knowsSyscalls } from './syscalls';
import { ptsPathOf } from './terminal-device';
import { isPasswordReaderModes, readTerminalModes, type TerminalModes } from './terminal-modes';

/** Where the input is and who may read it, from the command's (the leader's) stat. */
interface InputPlace {
  belongs: (stat: ProcessStat) => boolean;
  isInput: InputMatcher;
  /** The terminal's path, for its modes; `null` on pipes. */
  terminalPath: string | null;
}

/**
 * Under a terminal, the foreground process group is who reads it, and a descriptor is the terminal when it
 * links to its `/dev/pts/N`, or to `/dev/tty` in a process whose controlling terminal it is.
 */
function terminalPlace(leader: ProcessStat): InputPlace | string {
  if (leader.ttyNr === 0 || leader.tpgid <= 0) return 'the command has no controlling terminal';
  const path = ptsPathOf(leader.ttyNr);
  return {
    belongs: (stat) => stat.pgrp === leader.tpgid,
    isInput: (link, member) => link === path || (link === '/dev/tty' && member.ttyNr === leader.ttyNr),
    terminalPath: path,
  };
}

/** On pipes, the command's process group reads its stdin: whatever the command's descriptor 0 links to. */
function stdinPlace(leader: ProcessStat): InputPlace | string {
  const stdin = readProcLink(`/proc/${leader.pid}/fd/0`);
  if (stdin === 'denied') return `/proc denied the descriptors of pid ${leader.pid}`;
  if (stdin === 'gone' || !/^(?:pipe|socket):/.test(stdin)) return 'stdin is not a live stream';
  return {
    belongs: (stat) => stat.pgrp === leader.pgrp,
    isInput: (link) => link === stdin,
    terminalPath: null,
  };
}

function describeWait(reader: InputReader): string {
  const call =
    reader.fd === null ? `${reader.syscall.name} waiting only on` : `${reader.syscall.name}(${reader.fd}) of`;
  const wchan = reader.wchan === null ? '' : ` (in ${reader.wchan})`;
  return `${reader.name} (pid ${reader.pid}) is blocked in ${call} ${reader.link}${wchan}`;
}

function describeModes(modes: TerminalModes): string {
  return `echo ${modes.echo ? 'on' : 'off'}, ${modes.canonical ? 'line' : 'key-at-a-time'} input`;
}

/**
 * Judges from /proc (Linux) whether the command `query.pid` waits for input: some process of its
 * foreground group (under a terminal) or of its process group (on pipes) blocked in a read of the input,
 * or in poll/select/epoll on nothing else that could bring input, while none of them runs. `'unknown'`
 * where /proc is missing or refuses; no ptrace, nothing stopped: only /proc files are read.
 */
export async function sampleFromProc(query: InputWaitQuery): Promise<InputWaitSample> {
  if (process.platform !== 'linux') return { verdict: 'unknown', reason: `no /proc on ${process.platform}` };
  if (!knowsSyscalls())
    return { verdict: 'unknown', reason: `system calls of ${process.arch} are not known` };
  const leader = readProcessStat(query.pid);
  if (leader === 'denied') return { verdict: 'unknown', reason: `/proc denied pid ${query.pid}` };
  if (leader === 'gone' || isEndedState(leader.state)) {
    return { verdict: 'not-waiting', reason: 'the command has exited' };
  }
  const where = query.input === 'terminal' ? terminalPlace(leader) : stdinPlace(leader);
  if (typeof where === 'string') {
    return { verdict: where.startsWith('/proc denied') ? 'unknown' : 'not-waiting', reason: where };
  }
  const scan = findInputReader(findMembers(leader, where.belongs), where.isInput);
  switch (scan.found) {
    case 'busy':
      return {
        verdict: 'not-waiting',
        reason: `${scan.name} (pid ${scan.pid}) is running (state ${scan.state})`,
      };
    case 'none':
      return {
        verdict: 'not-waiting',
        reason: `no process waits for ${query.input === 'terminal' ? 'the terminal' : 'stdin'} alone`,
      };
    case 'denied':
      return { verdict: 'unknown', reason: `/proc denied the tasks of pid ${scan.pid}` };
  }
  const { reader } = scan;
  const path = where.terminalPath ?? (reader.link.startsWith('/dev/pts/') ? reader.link : null);
  const modes = query.input === 'terminal' && path !== null ? await readTerminalModes(path) : null;
  const secretByModes = modes !== null && isPasswordReaderModes(modes);
  const secretByWords = asksForSecret(query.promptText);
  const notes = [
    `${describeWait(reader)} after ${(query.quietMs / 1000).toFixed(1)} s without output or input`,
    ...(modes === null ? [] : [`the terminal has ${describeModes(modes)}`]),
    ...(secretByModes ? ["the modes are a password reader's: likely a secret"] : []),
    ...(secretByWords && !secretByModes ? ['the prompt asks for a secret'] : []),
  ];
  return {
    verdict: 'waiting',
    evidence: {
      method: 'proc',
      input: query.input,
      pid: reader.pid,
      processName: reader.name,
      syscall: reader.syscall.name,
      fd: reader.fd,
      wchan: reader.wchan,
      terminalModes: modes,
      secret: secretByModes || secretByWords,
      quietMs: query.quietMs,
      summary: notes.join('; '),
    },
  };
}
