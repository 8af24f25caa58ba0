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

/** Starts `cofre worker` with exactly `env` as its COFRE_* settings and waits for its start line. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const started = await startCofreProcess('worker', env, (line) =>
    line.msg === 'worker started' ? (line.owner as string) : undefined,
  );
  return { ...started, owner: started.ready };
}

/** Sends `signal` and resolves with how the process ended (within a deadline). */
export const stopWorkerProcess = stopCofreProcess;

/** SIGKILLs every worker process still running; for afterAll, so none outlives its test file. */
export const killAllWorkerProcesses = killAllCofreProcesses;
