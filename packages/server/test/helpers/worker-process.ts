import {
  killAllCofreProcesses,
  startCofreProcess,
  stopCofreProcess,
  type CofreProcess,
} from './cofre-process.js';

export interface WorkerProcess extends CofreProcess {
  /** The worker's lease owner id, from its start line. */
  owner: string;
}

/** Starts `cofre worker` (cofre-process.ts) and waits for its start line. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const worker = await startCofreProcess('worker', env);
  if (worker.owner === undefined) throw new Error('the worker start line names no owner');
  return { ...worker, owner: worker.owner };
}

/** Sends `signal` and resolves with how the process ended (within a deadline). */
export const stopWorkerProcess = (
  worker: WorkerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> =>
  stopCofreProcess(worker, signal);

/** SIGKILLs every worker process still running; for afterAll, so none outlives its test file. */
export const killAllWorkerProcesses = killAllCofreProcesses;
