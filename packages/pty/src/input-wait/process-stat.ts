import { isProcProblem, type ProcProblem, readProcFile } from './proc-files';

/** The fields of `/proc/<pid>/stat` (or of one task's) that input-wait detection reads. */
export interface ProcessStat {
  pid: number;
  /** The command's name as the kernel keeps it (`comm`, at most 15 bytes). */
  name: string;
  /** `R` running, `S` sleeping, `D` disk wait, `T`/`t` stopped, `Z` zombie, `X` dead, … */
  state: string;
  ppid: number;
  pgrp: number;
  session: number;
  /** The controlling terminal's device number (0: none). */
  ttyNr: number;
  /** The foreground process group of the controlling terminal (-1: none). */
  tpgid: number;
}

/** Parses a stat line; `null` when it is not one. */
export function parseProcessStat(text: string): ProcessStat | null {
  // The name may hold spaces and parentheses: it runs from the first '(' to the last ')'.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const fields = text.slice(close + 2).split(' ');
  if (fields.length < 6) return null;
  return {
    pid: Number(text.slice(0, open)),
    name: text.slice(open + 1, close),
    state: fields[0] as string,
    ppid: Number(fields[1]),
    pgrp: Number(fields[2]),
    session: Number(fields[3]),
    ttyNr: Number(fields[4]),
    tpgid: Number(fields[5]),
  };
}

/** The stat of process `pid` (or of its task `tid`), or why not. */
export function readProcessStat(pid: number, tid?: number): ProcessStat | ProcProblem {
  const path = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
  const text = readProcFile(path);
  if (isProcProblem(text)) return text;
  return parseProcessStat(text) ?? 'denied';
}

/** Whether a state is a process that has ended: a zombie nobody reaped yet (pid 1 may never) or dead. */
export function isEndedState(state: string): boolean {
  return state === 'Z' || state === 'X';
}
