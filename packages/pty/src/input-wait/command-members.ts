import { isProcProblem, listProcDir, readProcFile } from './proc-files';
import { isEndedState, type ProcessStat, readProcessStat } from './process-stat';

/** Processes looked at per sample at most: a command with more (a wide parallel build) is busy anyway. */
const MAX_PROCESSES = 2048;

/**
 * The live (not ended) processes among `leader` and its descendants for which `belongs` holds, found
 * through each task's `children` list. On a kernel without those lists, every process in /proc is looked
 * at instead.
 */
export function findMembers(leader: ProcessStat, belongs: (stat: ProcessStat) => boolean): ProcessStat[] {
  const members: ProcessStat[] = [];
  const queue = [leader];
  for (let seen = 0; seen < queue.length && seen < MAX_PROCESSES; seen++) {
    const stat = queue[seen] as ProcessStat;
    if (isEndedState(stat.state)) continue;
    if (belongs(stat)) members.push(stat);
    const children = childrenOf(stat.pid);
    if (children === null) return scanAll(belongs);
    for (const child of children) {
      const childStat = readProcessStat(child);
      if (!isProcProblem(childStat)) queue.push(childStat);
    }
  }
  return members;
}

/** The children of every task of `pid`; `null` when the kernel keeps no such lists. */
function childrenOf(pid: number): number[] | null {
  const tids = listProcDir(`/proc/${pid}/task`);
  if (isProcProblem(tids)) return [];
  const children: number[] = [];
  for (const tid of tids) {
    const list = readProcFile(`/proc/${pid}/task/${tid}/children`);
    if (list === 'gone' && tid === String(pid)) return null;
    if (isProcProblem(list)) continue;
    for (const word of list.split(' ')) if (word.trim() !== '') children.push(Number(word));
  }
  return children;
}

function scanAll(belongs: (stat: ProcessStat) => boolean): ProcessStat[] {
  const names = listProcDir('/proc');
  if (isProcProblem(names)) return [];
  const members: ProcessStat[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcessStat(Number(name));
    if (!isProcProblem(stat) && !isEndedState(stat.state) && belongs(stat)) members.push(stat);
  }
  return members;
}
