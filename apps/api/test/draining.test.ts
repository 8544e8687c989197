import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess } from './fault/api-process';
import { freePort } from './support/free-port';

// SIGTERM sent to a real process under load (decision 0033): readiness turns 503 at once while the
// instance keeps serving for SHUTDOWN_DRAIN_SECONDS; a load balancer that stops sending once its probe
// sees 503 loses no request; the process then finishes what is in flight and exits 0. The metrics
// listener answers on its own port. A child process of its own, on an embedded database.

const dir = mkdtempSync(path.join(tmpdir(), 'dcf-drain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('draining on SIGTERM', () => {
  it('turns readiness 503, serves on through the drain, loses no request, exits 0', async () => {
    const metricsPort = await freePort();
    const api = await startApiProcess('drain', {
      DATABASE_URL: '',
      PGLITE_DIR: path.join(dir, 'pglite'),
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
      JOBS_RUN: 'true',
      SHUTDOWN_DRAIN_SECONDS: '3',
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
      RATE_LIMIT_MAX: '1000000',
      WEB_DIST_DIR: '/nonexistent',
    });
    const url = (p: string) => `${api.baseUrl}${p}`;
    expect((await fetch(url('/v1/api/health/ready'))).status).toBe(200);
    expect((await fetch(url('/v1/api/health/live'))).status).toBe(200);

    // The load balancer: 8 clients on kept-alive connections, sending until its probe sees 503.
    let balancerStopped = false;
    const results: { status: number | 'error'; sentAfterSignal: boolean }[] = [];
    let signalled = false;
    const client = async () => {
      while (!balancerStopped) {
        const sentAfterSignal = signalled;
        const status = await fetch(url('/v1/api/User/Current')).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
          () => 'error' as const,
        );
        results.push({ status, sentAfterSignal });
      }
    };
    const probeStatuses: number[] = [];
    const probe = async () => {
      while (!balancerStopped) {
        const status = await fetch(url('/v1/api/health/ready')).then(
          (r) => r.status,
          () => 0,
        );
        probeStatuses.push(status);
        if (signalled && status !== 200) balancerStopped = true;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const load = Promise.all([probe(), ...Array.from({ length: 8 }, client)]);
    while (results.length < 200) await new Promise((r) => setTimeout(r, 50));

    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(
      /dcf_http_requests_total\{method="GET",route="\/v1\/api\/User\/Current",status_code="200"\} \d+/,
    );
    expect(metrics).toContain('dcf_http_request_duration_seconds_bucket');
    expect(metrics).toMatch(/dcf_db_pool_connections\{state="idle"\} \d+/);
    expect(metrics).toContain('dcf_sessions_active 0');
    expect(metrics).toContain('dcf_process_cpu_seconds_total');
    expect((await fetch(url('/metrics'))).status).toBe(404);

    const signalledAt = Date.now();
    const exited = new Promise<number | null>((resolve) => api.child.once('exit', (code) => resolve(code)));
    signalled = true;
    api.child.kill('SIGTERM');
    // Liveness stays 200 while draining: the platform must not restart a draining instance.
    await new Promise((r) => setTimeout(r, 500));
    expect((await fetch(url('/v1/api/health/live'))).status).toBe(200);
    await load;
    const code = await exited;
    const tookSeconds = (Date.now() - signalledAt) / 1000;

    expect(code, api.output().slice(-3000)).toBe(0);
    expect(
      results.filter((r) => r.status !== 200),
      api.output().slice(-3000),
    ).toEqual([]);
    expect(results.filter((r) => r.sentAfterSignal).length).toBeGreaterThan(0);
    expect(probeStatuses.at(-1)).toBe(503);
    // It kept serving through the drain period before it stopped (3 s), and did not hang after.
    expect(tookSeconds).toBeGreaterThanOrEqual(3);
    const lines = api.output();
    expect(lines).toContain('shutting down: readiness now answers 503');
    expect(lines).toContain('shut down cleanly');
  }, 300_000);
});
