import { type ChildProcess, fork } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnswerItem } from '@dcf/forms/answers';
import type { BudgetPlace } from '@dcf/forms/deadline';
import type {
  BoxReady,
  BoxRequest,
  BoxResponse,
  BoxResults,
  BoxTask,
  CheckReturnResult,
  CheckReturnTask,
  FormRef,
  PrintAnswersTask,
} from './protocol';
import { FORMS_KEPT, KeptKeys } from './tasks';

/**
 * THE evaluation box (decision 0031): every evaluation of manager-authored logic, and of answers
 * against a form, that the server makes runs here, in a pool of worker processes, never in the API's
 * own process (which holds the database, the session secret and the storage and mail credentials).
 *
 * - Each worker is a Node process started from the bundled worker (worker.ts) with an empty
 *   environment, in an empty folder, as an unprivileged user when the API runs as root, with Node's
 *   permission model (it may read its own file and nothing else: no file, child process, thread or
 *   native addon), code generation from strings refused, and a heap limit (`memoryMb`).
 * - A request has a time budget of processing time (a busy machine's waits are not the form's fault).
 *   The worker stops itself shortly before it and says which question or rule it was at (tasks.ts,
 *   selfStopMs); at the budget the pool kills it (SIGKILL) and starts another. Either way, and when a worker
 *   dies of its heap limit, the caller gets an EvaluationFailure.
 * - The API's event loop never waits: requests queue, first come first served, for the first free
 *   worker, and answers arrive as IPC messages. One round trip per evaluation: a form version's
 *   definition goes to a worker once (the worker keeps the last FORMS_KEPT), then requests name it.
 */

export interface BoxOptions {
  /** Worker processes (each runs one evaluation at a time). */
  workers: number;
  /** Time budget of a save's or submit's evaluation, ms. */
  budgetMs: number;
  /** Time budget of a PDF's evaluation (a whole return printed), ms. */
  printBudgetMs: number;
  /** Heap limit of each worker (V8's old space), MB. */
  memoryMb: number;
  /** The user the workers run as when the API runs as root (null: as the API's user). */
  runAs: { uid: number; gid: number } | null;
  /**
   * The workers' scheduling priority (nice, 0-19): above 0 they run below the API, so when both want
   * the processor the API's event loop (everyone else's requests, the health checks) goes first.
   */
  niceness: number;
  /** The bundled worker; default: beside the server bundle, or bundled from the sources once per process. */
  workerFile?: string;
  log?: BoxLog;
  /** Called when an evaluation stops at its budget (the metrics' countEvaluationTimeout). */
  onOverBudget?: (kind: BoxTask['type']) => void;
}

interface BoxLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Why an evaluation gave no answer. */
export type FailureReason =
  /** It ran past its time budget. */
  | 'time'
  /** Its worker died at its heap limit. */
  | 'memory'
  /** Its worker died otherwise, or failed (a bug: logged). */
  | 'crashed'
  /** No worker could be started. */
  | 'unavailable';

export class EvaluationFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    readonly kind: BoxTask['type'],
    readonly budgetMs: number,
    /** Where the evaluation was when it stopped itself (the question or rule), when known. */
    readonly at: BudgetPlace = {},
  ) {
    super(`evaluation ${kind}: ${reason}`);
    this.name = 'EvaluationFailure';
  }
}

interface Job {
  request: BoxRequest;
  /** The form version, to send again if the worker says it no longer has it. */
  version: FormRef['version'];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Worker {
  child: ChildProcess;
  /** It said it was ready and takes jobs (false again once it is being killed). */
  ready: boolean;
  /** It said it was ready once: a death before that is a failure to start. */
  started: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** The form keys this worker holds, kept exactly as the worker keeps them (tasks.ts, FormsHeld). */
  keys: KeptKeys<true>;
  /** The end of what it wrote to stderr (the heap-limit report), for the log. */
  stderr: string;
  /** The processing time it had used when it last answered (ms): its job's time is counted from there. */
  cpuAtIdle: number;
  /** When its job was sent (performance.now()). */
  sentAt: number;
}

/** Heap-limit deaths: V8 aborts (SIGABRT, or exit code 134 when a shell reports it). */
const diedOfMemory = (code: number | null, signal: NodeJS.Signals | null, stderr: string) =>
  signal === 'SIGABRT' || code === 134 || /heap out of memory|heap limit/i.test(stderr);

/**
 * An evaluation that has not used its budget of processing time is still stopped after this long on
 * the wall (ms): 20 times its budget, at least 30 s. The workers run below the API's priority, so on a
 * machine busy with other work they wait; past this the machine, not the form, is the problem.
 */
const wallCeilingMs = (budgetMs: number) => Math.max(30_000, 20 * budgetMs);

/** The processing time a process has used (every thread), ms, from /proc; null where there is no /proc. */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields 14 and 15 (utime, stime) in clock ticks of 10 ms, after the command name in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Runs a worker below the API on the processor (`niceness` > 0). Best effort: a platform may refuse. */
function lowerPriority(pid: number | undefined, niceness: number) {
  if (pid === undefined || niceness <= 0) return;
  try {
    setPriority(pid, niceness);
  } catch {
    // The same priority as the API, then.
  }
}

/** Consecutive workers that died before they were ready before the pool stops trying for a while. */
const MAX_START_FAILURES = 3;
const RESTART_PAUSE_MS = 1_000;

export class EvaluationBox {
  private readonly workers = new Set<Worker>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private startFailures = 0;
  /** Workers being started (their file still being resolved). */
  private spawning = 0;
  private pausedUntil = 0;
  private workerFile: Promise<string> | null = null;
  private emptyDir: string | null = null;

  constructor(private readonly options: BoxOptions) {}

  /** A save's or submit's evaluation (the form's checks and its data quality rules). */
  checkReturn(task: Omit<CheckReturnTask, 'type'>): Promise<CheckReturnResult> {
    return this.run({ type: 'checkReturn', ...task }, this.options.budgetMs);
  }

  /** A PDF's evaluation: the answers to print, in form order, without what the form's conditions hide. */
  printAnswers(task: Omit<PrintAnswersTask, 'type'>): Promise<AnswerItem[]> {
    return this.run({ type: 'printAnswers', ...task }, this.options.printBudgetMs);
  }

  /** Starts every worker and waits until they are ready (the server at start; the tests start lazily). */
  async start(): Promise<void> {
    const started: Promise<Worker>[] = [];
    while (this.workers.size + this.spawning < this.options.workers) started.push(this.spawn());
    await Promise.all((await Promise.all(started)).map((worker) => this.whenReady(worker)));
  }

  /** The process ids of the workers (tests look at their environment and kill them). */
  workerPids(): number[] {
    return [...this.workers].flatMap((worker) => (worker.child.pid === undefined ? [] : [worker.child.pid]));
  }

  /** Kills every worker; queued and running evaluations fail. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The evaluation box is closed'));
    const exits = [...this.workers].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.child.exitCode !== null || worker.child.signalCode !== null) return resolve();
          worker.child.once('exit', () => resolve());
          worker.child.kill('SIGKILL');
        }),
    );
    await Promise.all(exits);
    if (this.emptyDir) rmSync(this.emptyDir, { recursive: true, force: true });
  }

  private run<K extends BoxTask['type']>(
    task: BoxTask & { type: K },
    budgetMs: number,
  ): Promise<BoxResults[K]> {
    if (this.closed) return Promise.reject(new Error('The evaluation box is closed'));
    return new Promise<BoxResults[K]>((resolve, reject) => {
      const { version, ...form } = task.form;
      const request: BoxRequest = { id: this.nextId++, budgetMs, task: { ...task, form } };
      this.queue.push({ request, version, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Hands queued jobs to free workers, and starts workers up to the pool's size while jobs wait. */
  private dispatch(): void {
    if (this.closed) return;
    for (const worker of this.workers) {
      if (this.queue.length === 0) break;
      if (worker.ready && worker.job === null) this.send(worker, this.queue.shift() as Job);
    }
    if (this.queue.length > 0) this.fill();
  }

  /**
   * Starts workers for what waits, up to the pool's size (unless they would not start a moment ago):
   * a pool that evaluates one thing at a time starts one worker (start() starts them all).
   */
  private fill(): void {
    if (this.closed) return;
    if (Date.now() < this.pausedUntil) {
      // Workers would not start a moment ago: what waits cannot run.
      for (const job of this.queue.splice(0))
        job.reject(new EvaluationFailure('unavailable', job.request.task.type, job.request.budgetMs));
      return;
    }
    const starting = [...this.workers].filter((worker) => !worker.ready).length + this.spawning;
    let wanted = Math.min(
      this.options.workers - this.workers.size - this.spawning,
      this.queue.length - starting,
    );
    while (wanted-- > 0)
      void this.spawn().catch((error: unknown) => {
        if (!this.closed) this.failStart(error);
      });
  }

  private send(worker: Worker, job: Job, withVersion = false): void {
    const { request } = job;
    const { key } = request.task.form;
    // The definition travels only to a worker that does not hold it yet.
    const needsVersion = withVersion || key === null || worker.keys.get(key) === undefined;
    if (needsVersion && key !== null) worker.keys.set(key, true);
    const message: BoxRequest =
      needsVersion && job.version
        ? { ...request, task: { ...request.task, form: { key, version: job.version } } }
        : request;
    worker.job = job;
    worker.sentAt = performance.now();
    worker.timer = setTimeout(() => this.checkBudget(worker), request.budgetMs);
    worker.child.send(message, (error) => {
      if (error && worker.job === job) this.settle(worker, (j) => j.reject(error));
    });
  }

  /**
   * The budget's time has passed on the wall clock. The budget is processing time: a worker that waited
   * for the processor (a busy machine) has not used it, and is given what is left (its use read from
   * /proc). Past the budget, or its ceiling on the wall (wallCeilingMs), or where /proc cannot be
   * read, it is killed.
   */
  private checkBudget(worker: Worker): void {
    const job = worker.job;
    if (!job) return;
    const { budgetMs } = job.request;
    const used = processCpuMs(worker.child.pid) ?? Number.POSITIVE_INFINITY;
    const left = budgetMs - (used - worker.cpuAtIdle);
    const wallLeft = wallCeilingMs(budgetMs) - (performance.now() - worker.sentAt);
    if (left <= 0 || wallLeft <= 0) {
      this.overBudget(worker);
      return;
    }
    worker.timer = setTimeout(() => this.checkBudget(worker), Math.max(10, Math.min(left, wallLeft)));
  }

  /** The worker did not answer within the budget: the caller is answered now, the worker killed. */
  private overBudget(worker: Worker): void {
    const job = worker.job;
    if (!job) return;
    const { type } = job.request.task;
    this.options.onOverBudget?.(type);
    this.settle(worker, (j) => j.reject(new EvaluationFailure('time', type, j.request.budgetMs)));
    worker.ready = false;
    worker.child.kill('SIGKILL');
  }

  /** Ends the worker's current job (once) and frees the worker. */
  private settle(worker: Worker, finish: (job: Job) => void): void {
    const job = worker.job;
    if (!job) return;
    if (worker.timer) clearTimeout(worker.timer);
    worker.timer = null;
    worker.job = null;
    finish(job);
  }

  private onMessage(worker: Worker, message: BoxResponse | BoxReady): void {
    worker.cpuAtIdle = message.cpuMs;
    if ('ready' in message) {
      // It loads at the API's priority (a start is not to wait behind others' work), then evaluates below it.
      lowerPriority(worker.child.pid, this.options.niceness);
      worker.ready = true;
      worker.started = true;
      this.startFailures = 0;
      this.dispatch();
      return;
    }
    const job = worker.job;
    if (!job || job.request.id !== message.id) return;
    if (message.ok) {
      this.settle(worker, (j) => j.resolve(message.result));
    } else if (message.error.type === 'missingForm' && job.version) {
      // The worker no longer holds the version this pool thought it did: once more, with it.
      if (worker.timer) clearTimeout(worker.timer);
      worker.job = null;
      this.send(worker, job, true);
      return;
    } else {
      const { error } = message;
      const { type } = job.request.task;
      if (error.type === 'overBudget') this.options.onOverBudget?.(type);
      else this.options.log?.error({ kind: type, error }, 'the evaluation worker failed');
      this.settle(worker, (j) =>
        j.reject(
          new EvaluationFailure(
            error.type === 'overBudget' ? 'time' : 'crashed',
            type,
            j.request.budgetMs,
            error.type === 'overBudget' ? error.at : {},
          ),
        ),
      );
    }
    this.dispatch();
  }

  private onExit(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    this.workers.delete(worker);
    const job = worker.job;
    if (job) {
      const memory = diedOfMemory(code, signal, worker.stderr);
      const { type } = job.request.task;
      if (memory) this.options.onOverBudget?.(type);
      this.options.log?.warn(
        { kind: type, code, signal, stderr: worker.stderr.slice(-500) },
        memory ? 'an evaluation worker died at its heap limit' : 'an evaluation worker died mid-evaluation',
      );
      this.settle(worker, (j) =>
        j.reject(new EvaluationFailure(memory ? 'memory' : 'crashed', type, j.request.budgetMs)),
      );
    }
    if (this.closed) return;
    if (!worker.started)
      this.failStart(new Error(`exit code ${code}, signal ${signal}: ${worker.stderr.trim()}`));
    // A replacement starts at once, so the next evaluation finds a worker ready.
    else if (!this.closed) this.replace();
    this.dispatch();
  }

  /** Starts one worker in place of one that died (not when workers would not start a moment ago). */
  private replace(): void {
    if (Date.now() < this.pausedUntil || this.workers.size + this.spawning >= this.options.workers) return;
    void this.spawn().catch((error: unknown) => {
      if (!this.closed) this.failStart(error);
    });
  }

  private failStart(error: unknown): void {
    this.startFailures += 1;
    this.options.log?.error({ err: error }, 'an evaluation worker could not start');
    if (this.startFailures >= MAX_START_FAILURES) {
      this.pausedUntil = Date.now() + RESTART_PAUSE_MS;
      this.startFailures = 0;
    }
    if (this.queue.length > 0) this.fill();
  }

  private async spawn(): Promise<Worker> {
    this.spawning += 1;
    let file: string;
    try {
      file = await this.resolveWorkerFile();
    } finally {
      this.spawning -= 1;
    }
    if (this.closed) throw new Error('The evaluation box is closed');
    const runAs = process.getuid?.() === 0 ? this.options.runAs : null;
    const child = fork(file, [], {
      // Nothing of the API's environment: no database URL, session secret or credentials. TZ alone,
      // so dates read as they do in the API.
      env: process.env.TZ ? { TZ: process.env.TZ } : {},
      cwd: this.emptyFolder(),
      execArgv: [
        `--max-old-space-size=${this.options.memoryMb}`,
        '--disallow-code-generation-from-strings',
        '--permission',
        `--allow-fs-read=${file}`,
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      ...(runAs ?? {}),
    });
    const worker: Worker = {
      child,
      ready: false,
      started: false,
      job: null,
      timer: null,
      keys: new KeptKeys(FORMS_KEPT),
      stderr: '',
      cpuAtIdle: 0,
      sentAt: 0,
    };
    this.workers.add(worker);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      worker.stderr = (worker.stderr + chunk).slice(-4_000);
    });
    child.on('message', (message: BoxResponse | BoxReady) => this.onMessage(worker, message));
    child.on('exit', (code, signal) => this.onExit(worker, code, signal));
    child.on('error', (error) => this.options.log?.error({ err: error }, 'evaluation worker error'));
    return worker;
  }

  private whenReady(worker: Worker): Promise<void> {
    if (worker.ready) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onMessage = (message: { ready?: true }) => {
        if (message.ready) {
          worker.child.off('exit', onExit);
          resolve();
        }
      };
      const onExit = (code: number | null) => {
        worker.child.off('message', onMessage);
        reject(
          new Error(`The evaluation worker exited at start (code ${code}): ${worker.stderr.trim()}`.trim()),
        );
      };
      worker.child.once('message', onMessage);
      worker.child.once('exit', onExit);
    });
  }

  /** An empty folder for the workers to run in, readable by them (they may read nothing anyway). */
  private emptyFolder(): string {
    if (this.emptyDir === null) {
      this.emptyDir = mkdtempSync(path.join(tmpdir(), 'dcf-evaluation-'));
      chmodSync(this.emptyDir, 0o755);
    }
    return this.emptyDir;
  }

  private resolveWorkerFile(): Promise<string> {
    this.workerFile ??= this.options.workerFile
      ? Promise.resolve(this.options.workerFile)
      : defaultWorkerFile();
    return this.workerFile;
  }
}

const fromSources = import.meta.url.endsWith('.ts');
let bundledFromSources: Promise<string> | null = null;

/**
 * The worker beside the server bundle (`npm run build`: dist/evaluation-worker.mjs); when the API runs
 * from its TypeScript sources (tsx: `npm run dev:api`, the benches), bundled from them once per process
 * into a temporary folder (esbuild, a development dependency: ~1-4 s).
 */
function defaultWorkerFile(): Promise<string> {
  if (!fromSources)
    return Promise.resolve(fileURLToPath(new URL('./evaluation-worker.mjs', import.meta.url)));
  bundledFromSources ??= (async () => {
    const { bundleEvaluationWorker } = await import('./bundle');
    const dir = mkdtempSync(path.join(tmpdir(), 'dcf-evaluation-worker-'));
    chmodSync(dir, 0o755);
    const file = path.join(dir, 'evaluation-worker.mjs');
    await bundleEvaluationWorker(file);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return file;
  })();
  return bundledFromSources;
}
