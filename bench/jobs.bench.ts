/**
 * Jobs at national scale: an end-of-period rush of 20,000 queued emails (bulk confirmations) drained
 * through the real queue, outbox and delivery job into a real SMTP server on loopback, while a
 * manager's reminder pressed mid-way must arrive within 30 s. Two workers side by side stand for two
 * instances of the service (skip locked), each running JOBS_CONCURRENCY jobs at once over one pooled
 * SMTP transport. Reports the drain rate (emails per second) and the reminder's latency, from the
 * commit of its transaction to the SMTP server accepting it.
 * Run: `npx tsx bench/jobs.bench.ts` (PostgreSQL at BENCH_DATABASE_URL, server as in
 * support/scratch-database.ts). Knobs: BENCH_EMAILS (20000), BENCH_WORKERS (2),
 * BENCH_CONCURRENCY (8). Figures go to bench/README.md.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { seedReferenceData } from '../apps/api/src/db/seed';
import { notificationJobs } from '../apps/api/src/modules/notifications/jobs';
import { createJobRunner, JOB_PRIORITY } from '../apps/api/src/platform/jobs';
import { closeMailTransport, type OutgoingMail, queueMail } from '../apps/api/src/platform/mail';
import { insertCollection, insertForm, insertPeriod } from '../apps/api/test/support/returns-fixture';
import { createDatabase, dropDatabase } from './support/scratch-database';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 20_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** The bench gives up after this long (a bounded run on a shared machine). */
const LIMIT_MS = 15 * 60_000;
const REMINDER_TO = 'reminded.clerk@bench.example';

let delivered = 0;
let reminderArrivedAt = 0;
let lastArrivalAt = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      lastArrivalAt = performance.now();
      if (session.envelope.rcptTo.some((r) => r.address === REMINDER_TO)) reminderArrivedAt = lastArrivalAt;
      else delivered++;
      callback();
    });
  },
});

function bulkMail(n: number, periodId: number, collectionId: number): OutgoingMail {
  return {
    idempotencyKey: `bench:submitted:${n}`,
    eventType: 'submitted',
    to: { address: `person${n}@bench.example`, name: `Person ${n}`, userId: null },
    subject: `Bench return submitted ${n}`,
    bodyText: `Your return was submitted.\n\nThis is email ${n} of the end-of-period rush.`,
    collectionId,
    reportingPeriodId: periodId,
  };
}

async function waitFor(condition: () => boolean, started: number) {
  while (!condition()) {
    if (performance.now() - started > LIMIT_MS) throw new Error('the bench ran out of time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main() {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const name = `dcf_bench_jobs_${Date.now()}`;
  const url = await createDatabase(name);
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    pgliteDir: '',
    poolSize: WORKERS * CONCURRENCY + 4,
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    JOBS_CONCURRENCY: String(CONCURRENCY),
  });
  const runners = Array.from({ length: WORKERS }, () =>
    createJobRunner({
      db: handle.db,
      config,
      jobs: notificationJobs,
      pollMs: 1_000,
      log: (message, detail) => console.error(message, detail),
    }),
  );
  try {
    const db = handle.db;
    await migrateToLatest(db);
    await seedReferenceData(db);
    const collectionId = await insertCollection(db, { name: 'Jobs bench' });
    const formId = await insertForm(db, collectionId, 1, { display: 'form', components: [] });
    const periodId = await insertPeriod(db, {
      collectionId,
      formId,
      name: 'Rush period',
      open: new Date(Date.now() - 86_400_000),
      close: new Date(Date.now() + 86_400_000),
    });

    const enqueueStarted = performance.now();
    for (let i = 0; i < EMAILS; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, EMAILS - i) }, (_, k) =>
        bulkMail(i + k, periodId, collectionId),
      );
      await db.transaction().execute((tx) => queueMail(tx, batch, JOB_PRIORITY.bulk));
    }
    const enqueueSeconds = (performance.now() - enqueueStarted) / 1000;
    console.log(`queued ${EMAILS} emails in ${enqueueSeconds.toFixed(1)} s`);

    const started = performance.now();
    for (const runner of runners) runner.start();
    await waitFor(() => delivered >= EMAILS / 2, started);
    // The manager presses 'Send reminder' half-way through the rush (what sendReminder queues).
    const deliveredAtPress = delivered;
    await db.transaction().execute((tx) =>
      queueMail(
        tx,
        [
          {
            idempotencyKey: `bench:chase:${periodId}:1`,
            eventType: 'chase',
            to: { address: REMINDER_TO, name: 'Reminded Clerk', userId: null },
            subject: 'Reminder: Jobs bench for Rush period is due',
            bodyText: 'We have not yet received your return.',
            collectionId,
            reportingPeriodId: periodId,
          },
        ],
        JOB_PRIORITY.urgent,
      ),
    );
    const pressedAt = performance.now();
    await waitFor(() => reminderArrivedAt > 0 && delivered >= EMAILS, started);
    const drainSeconds = (lastArrivalAt - started) / 1000;
    const result = {
      benchmark: 'jobs',
      engine: 'postgres',
      emails: EMAILS,
      workers: WORKERS,
      concurrencyPerWorker: CONCURRENCY,
      enqueueSeconds: Number(enqueueSeconds.toFixed(1)),
      drainSeconds: Number(drainSeconds.toFixed(1)),
      emailsPerSecond: Math.round(EMAILS / drainSeconds),
      reminderLatencySeconds: Number(((reminderArrivedAt - pressedAt) / 1000).toFixed(2)),
      deliveredBeforeReminder: deliveredAtPress,
      reminderWithin30s: reminderArrivedAt - pressedAt <= 30_000,
    };
    console.log(JSON.stringify(result));
    if (!result.reminderWithin30s) process.exitCode = 1;
  } finally {
    await Promise.all(runners.map((r) => r.stop()));
    closeMailTransport(config);
    await handle.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await dropDatabase(name);
  }
}

await main();
