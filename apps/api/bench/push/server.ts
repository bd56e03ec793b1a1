// A child of push.bench.ts: serves event streams, either Nimbus's (`ours`: the whole app, tickets, the
// LISTEN fan-out) or the floor (`bare`: a plain http server writing each notification to its customer's
// socket, nothing of ours). Answers {cpu} when asked, so the coordinator measures this process alone.

import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import { createAdapters } from '../../src/adapters';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/client';
import { startJobQueue } from '../../src/jobs/queue';
import { allJobs } from '../../src/jobs/registry';
import { freePort } from '../../test/global-setup';

const [mode, url] = process.argv.slice(2) as ['ours' | 'bare', string];

async function ours() {
  const { db } = createDatabase(url, 20);
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url },
    { RATE_LIMIT_GLOBAL_MAX: 1_000_000_000 },
  );
  const adapters = createAdapters({ config, db: db });
  const queue = await startJobQueue({
    connectionString: url,
    jobs: allJobs({ config, db, ...adapters }),
    runWorkers: false,
    log: { info: () => {}, error: () => {} },
  });
  const app = await buildApp({ config, db, ...adapters, jobs: queue.queue });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return port;
}

async function bare() {
  const streams = new Map<number, ServerResponse>();
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on('notification', (message) => {
    const { c, t } = JSON.parse(message.payload ?? '{}') as { c?: number; t: string };
    const res = c === undefined ? undefined : streams.get(c);
    res?.write(`event: change\ndata: ${JSON.stringify({ topics: [t] })}\n\n`);
  });
  await listener.query('LISTEN nimbus_events');
  const server = createServer((req, res) => {
    const customer = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('c'));
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('event: ready\ndata: {"topics":[]}\n\n');
    streams.set(customer, res);
    req.on('close', () => streams.delete(customer));
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return port;
}

const port = await (mode === 'ours' ? ours() : bare());
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
process.send?.({ port });
