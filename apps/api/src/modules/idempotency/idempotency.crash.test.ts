import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { freePort } from '../../../test/global-setup';
import { customers } from '../auth/auth.tables';
import { creditAccounts, ledgerEntries } from '../billing/billing.tables';
import { post } from '../billing/billing.test-helpers';
import { anOrder, USD } from '../instances/creation/creation.test-helpers';
import { instances } from '../instances/instances.tables';
import { idempotencyRequests } from './idempotency.tables';

/**
 * The crash test, for real: the API runs as its own process (the source, through tsx), an order
 * is held inside PostgreSQL at a chosen point, the process is killed with SIGKILL, a new one starts, and
 * the client retries with the same Idempotency-Key. Exactly one order and one charge must come out.
 */

const apiDir = join(import.meta.dirname, '..', '..', '..');

describe('Idempotency-Key across a crash of the API process', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let port: number;
  let child: ChildProcess | null = null;
  let probe: pg.Client;

  async function startApi() {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url,
        HOST: '127.0.0.1',
        PORT: String(port),
        RUN_WORKERS: 'false',
        RATE_LIMIT_AUTH_MAX: '10000',
        RATE_LIMIT_GLOBAL_MAX: '100000',
        SIMULATOR_STEP_SECONDS: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child = proc;
    await waitFor(async () => {
      if (proc.exitCode !== null) throw new Error(`the API exited with ${proc.exitCode}: ${stderr}`);
      return fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    }, 60_000);
  }

  async function killApi() {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
    child = null;
  }

  const api = (path: string, init: { method: string; headers?: Record<string, string>; body?: object }) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: init.method,
      headers: { 'content-type': 'application/json', ...init.headers },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });

  /** A verified customer with $100 of credit, signed in through the API. */
  async function customer() {
    const email = `crash.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
    const res = await api('/api/auth', {
      method: 'POST',
      body: { fullname: 'Ada Lovelace', email, password: 'correct-horse!1', acceptTerms: true },
    });
    expect(res.status).toBe(201);
    const token = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
    const [row] = await database.db
      .update(customers)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(customers.email, email))
      .returning({ id: customers.id });
    await post(database.db, row!.id, 100 * USD);
    return { id: row!.id, headers: { 'x-token': token } };
  }

  async function outcome(customerId: number) {
    const rows = await database.db.select().from(instances).where(eq(instances.customerId, customerId));
    const charges = await database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.customerId, customerId), eq(ledgerEntries.kind, 'subscription_charge')));
    const [sum] = await database.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.customerId, customerId));
    const [account] = await database.db
      .select()
      .from(creditAccounts)
      .where(eq(creditAccounts.customerId, customerId));
    return { instances: rows, charges, ledger: Number(sum!.sum), balance: account!.balance };
  }

  /** Waits until a backend of the API is blocked on a lock, with its query matching `like`. */
  const blockedOn = (like: string) =>
    waitFor(async () => {
      const { rows } = await probe.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1`,
        [like],
      );
      return rows[0].n > 0;
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    port = await freePort();
    probe = new pg.Client({ connectionString: database.url });
    await probe.connect();
    await startApi();
  }, 120_000);

  afterAll(async () => {
    await killApi();
    await probe.end();
    await database.drop();
  });

  it('died before the order committed: the retry orders once', async () => {
    const user = await customer();
    const order = anOrder({ billingCycle: 'monthly' });
    const headers = { ...user.headers, 'idempotency-key': 'crash-before-commit' };
    // Hold the customer's credit row: the order waits inside its transaction, before committing.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM credit_accounts WHERE customer_id = $1 FOR UPDATE', [user.id]);
    const lost = api('/api/instances', { method: 'POST', headers, body: order }).catch((e) => e);
    await blockedOn('%credit_accounts%');
    await killApi();
    expect(await lost).toBeInstanceOf(Error);
    await blocker.query('COMMIT');
    await blocker.end();
    expect((await outcome(user.id)).instances).toHaveLength(0);

    await startApi();
    const retry = await api('/api/instances', { method: 'POST', headers, body: order });
    expect(retry.status).toBe(201);
    const again = await api('/api/instances', { method: 'POST', headers, body: order });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const after = await outcome(user.id);
    expect(after.instances).toHaveLength(1);
    expect(after.charges).toHaveLength(1);
    expect(after.balance).toBe(after.ledger);
  }, 120_000);

  it('died after the order committed, before its answer was recorded: the retry answers it, once', async () => {
    const user = await customer();
    const order = anOrder({ billingCycle: 'monthly' });
    const headers = { ...user.headers, 'idempotency-key': 'crash-after-commit' };
    // Hold the simulator's region lock: the order commits, then waits while its server is asked for.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query(`SELECT pg_advisory_lock(hashtext('nimbus.simulator.region'), $1)`, [order.region]);
    const lost = api('/api/instances', { method: 'POST', headers, body: order }).catch((e) => e);
    await blockedOn('%pg_advisory_xact_lock%');
    const [record] = await database.db
      .select()
      .from(idempotencyRequests)
      .where(eq(idempotencyRequests.customerId, user.id));
    expect(record!.committedAt).not.toBeNull();
    expect(record!.responseStatus).toBeNull();
    const committed = await outcome(user.id);
    expect(committed.instances).toHaveLength(1);
    await killApi();
    expect(await lost).toBeInstanceOf(Error);
    await blocker.end();

    await startApi();
    const retry = await api('/api/instances', { method: 'POST', headers, body: order });
    expect(retry.status).toBe(201);
    const body = (await retry.json()) as { data: { results: { instanceId: number; code: string }[] } };
    expect(body.data.results).toEqual([
      expect.objectContaining({ instanceId: committed.instances[0]!.id, code: 'CREATED' }),
    ]);
    const after = await outcome(user.id);
    expect(after.instances).toHaveLength(1);
    expect(after.charges).toHaveLength(1);
    expect(after.balance).toBe(after.ledger);
  }, 120_000);
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
