#!/usr/bin/env node
// Pelscope integration-test driver for BullMQ 5 (pinned in package.json).
//
// Drives a REAL BullMQ queue set in a throwaway Redis so the C++ tests can
// compare Pelscope's own reading of the keys with BullMQ's own numbers.
//
// Usage (the Redis URL always follows the subcommand):
//   node scenario.mjs produce URL N [--prefix P]
//       Queue "mail" (N jobs total, N >= 12):
//         - "quick"   : completes at once            -> fills `completed`
//         - "poison"  : throws, attempts:1           -> fills `failed` + failedReason
//         - "send"    : plain FIFO jobs              -> `wait` backlog
//         - "digest"  : priority 1..4                -> `prioritized` zset
//         - "remind"  : delay 2s/4s/6s (due soon)    -> `delayed`, overdue once no worker runs
//         - "yearly"  : delay 1h                     -> `delayed`, not due
//       Queue "reports": 2 plain + 2 delayed (1.5 s, same due ms) jobs; never
//         gets a worker, so the delayed ones stay overdue.
//       Queue "archive": 2 jobs, queue paused         -> `paused` list + meta.paused
//       Prints one line: "produced {json}".
//   node scenario.mjs worker URL [queue=mail] [--prefix P] [--concurrency 5]
//       [--lock-duration 5000] [--stalled-interval 300000] [--sleep 60000] [--cured 1]
//       A real BullMQ Worker. The processor sleeps --sleep ms ("quick" returns
//       at once, "poison" throws). lockDuration is short so a SIGKILLed
//       worker's locks expire fast; stalledInterval is long so BullMQ's own
//       stalled checker does not requeue the orphaned active jobs before
//       Pelscope looks. Prints "ready", then "active ID", "completed ID",
//       "failed ID REASON", "stalled ID" lines as they happen.
//   node scenario.mjs poison URL N [queue=mail] [--prefix P]
//       Adds N "poison" jobs (attempts 1): a running worker fails each at
//       once, so the queue's failed set grows by N. Prints "poisoned N".
//   node scenario.mjs add URL N [queue=mail] [--prefix P] [--priority-from K]
//       Adds N "send" jobs; with --priority-from K their priorities are
//       K, K+1, ... (BullMQ's `prioritized` set) instead of FIFO.
//       Prints "added N".
//   node scenario.mjs many URL N [--prefix P]
//       N queues "q000".."q<N-1>" with one job each delayed an hour (quiet:
//       nothing waits), and "zz-burning" with 20 jobs waiting and no worker:
//       the last queue by name. Prints "many N".
//   node scenario.mjs flow URL [--prefix P]
//       A flow (FlowProducer): parent "report" in queue "flows" with two
//       children in "flow-children", one a poison job (attempts 1, no
//       failParentOnFailure): once a worker fails it, the parent waits in
//       `waiting-children` for good. Prints "flow {parent id}".
//   Worker options --limit-max M --limit-duration MS: BullMQ's rate limiter
//       (at most M jobs per MS, the worker's `limiter` option).
//   node scenario.mjs truth URL [queue=mail] [--prefix P]
//       Prints ONE JSON line with BullMQ's own view: getJobCounts(), delayed
//       jobs (id, timestamp, delay, due, zset score), getWorkersCount(),
//       every active job with whether its `<prefix>:<q>:<id>:lock` exists,
//       newest failed job + failedReason, oldest waiting job + age.
//
// Exit status: 0 on success, 2 on bad usage, 1 on any other error.

import { FlowProducer, Queue, Worker } from 'bullmq';

// ---------------------------------------------------------------- helpers --

function usage(msg) {
  if (msg) console.error(`error: ${msg}`);
  console.error('usage: scenario.mjs produce|worker|truth URL [args] [--prefix P]');
  process.exit(2);
}

// Split argv into positionals and --key value options.
function parseArgs(argv) {
  const pos = [];
  const opt = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const v = argv[i + 1];
      if (v === undefined) usage(`missing value for ${a}`);
      opt[a.slice(2)] = v;
      i++;
    } else {
      pos.push(a);
    }
  }
  return { pos, opt };
}

// redis://[:password@]host:port[/db] -> ioredis connection options.
// maxRetriesPerRequest:null is required by BullMQ Workers.
function connectionFromUrl(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    usage(`bad redis URL: ${url}`);
  }
  if (u.protocol !== 'redis:') usage(`only redis:// URLs are supported: ${url}`);
  const conn = {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 6379),
    maxRetriesPerRequest: null,
  };
  if (u.password) conn.password = decodeURIComponent(u.password);
  if (u.username) conn.username = decodeURIComponent(u.username);
  const db = u.pathname.replace(/^\//, '');
  if (db) conn.db = Number(db);
  return conn;
}

function intOpt(opt, name, dflt) {
  if (opt[name] === undefined) return dflt;
  const n = Number(opt[name]);
  if (!Number.isInteger(n) || n < 0) usage(`--${name} must be a non-negative integer`);
  return n;
}

const sleep = ms => new Promise(r => setTimeout(r, ms));

// ---------------------------------------------------------------- produce --

async function produce(connection, prefix, n) {
  if (!Number.isInteger(n) || n < 12) usage('produce needs N >= 12');
  const out = {};

  // --- mail: every state Pelscope judges.
  const mail = new Queue('mail', { connection, prefix });
  const add = (name, data, opts = {}) => mail.add(name, data, opts);
  const ids = { quick: [], poison: [], send: [], digest: [], remind: [], yearly: [] };

  // Oldest two jobs first: a worker takes the wait list tail (oldest) first,
  // so these two are processed before any of the long-sleeping ones.
  ids.quick.push((await add('quick', { i: 0 })).id);
  ids.poison.push((await add('poison', { poison: true }, { attempts: 1 })).id);

  // 4 prioritized (lower number = higher priority in BullMQ).
  for (let p = 1; p <= 4; p++) ids.digest.push((await add('digest', { p }, { priority: p })).id);
  // 3 delayed that fall due within a few seconds, 1 far in the future.
  for (const d of [2000, 4000, 6000]) ids.remind.push((await add('remind', { d }, { delay: d })).id);
  ids.yearly.push((await add('yearly', {}, { delay: 3600_000 })).id);
  // The rest are plain FIFO jobs.
  const rest = n - 2 - 4 - 3 - 1;
  for (let i = 0; i < rest; i++) ids.send.push((await add('send', { to: `user${i}@example.test` })).id);
  out.mail = ids;

  // --- reports: backlog on a queue that never gets a worker.
  // Two delayed jobs share one due millisecond (explicit equal `timestamp`),
  // so their delayed-zset scores differ only in the low 12 bits (counter 0, 1).
  const reports = new Queue('reports', { connection, prefix });
  const ts = Date.now();
  out.reports = [
    (await reports.add('render', { r: 1 })).id,
    (await reports.add('render', { r: 2 })).id,
    (await reports.add('render', { r: 3 }, { delay: 1500, timestamp: ts })).id,
    (await reports.add('render', { r: 4 }, { delay: 1500, timestamp: ts })).id,
  ];

  // --- archive: paused queue (jobs go to the `paused` list, meta.paused=1).
  const archive = new Queue('archive', { connection, prefix });
  await archive.pause();
  out.archive = [
    (await archive.add('zip', { a: 1 })).id,
    (await archive.add('zip', { a: 2 })).id,
  ];

  await Promise.all([mail.close(), reports.close(), archive.close()]);
  console.log(`produced ${JSON.stringify({ prefix, ...out })}`);
}

// ----------------------------------------------------------------- worker --

async function worker(connection, prefix, queueName, opt) {
  const concurrency = intOpt(opt, 'concurrency', 5);
  const lockDuration = intOpt(opt, 'lock-duration', 5000);
  const stalledInterval = intOpt(opt, 'stalled-interval', 300_000);
  const sleepMs = intOpt(opt, 'sleep', 60_000);

  const w = new Worker(
    queueName,
    async job => {
      if (job.name === 'quick') return { ok: true };
      // --cured 1: the fix is deployed, poison jobs now complete (a retry's
      // outcome as the framework's own worker gives it).
      if ((job.name === 'poison' || job.data?.poison) && opt.cured === '1') return { cured: true };
      if (job.name === 'poison' || job.data?.poison) {
        throw new Error(`poison pill in job ${job.id}`);
      }
      await sleep(sleepMs);
      return { slept: sleepMs };
    },
    {
      connection,
      prefix,
      concurrency,
      lockDuration, // lock TTL; renewed every lockDuration/2 by a live worker
      stalledInterval, // how often this worker runs moveStalledJobsToWait
      maxStalledCount: 1, // BullMQ default
      name: 'pelscope-scenario', // -> job hash field `pb`, CLIENT name suffix ":w:<name>"
      ...(opt['limit-max'] ? { limiter: { max: intOpt(opt, 'limit-max', 1), duration: intOpt(opt, 'limit-duration', 1000) } } : {}),
    },
  );
  w.on('active', job => console.log(`active ${job.id}`));
  w.on('completed', job => console.log(`completed ${job.id}`));
  w.on('failed', (job, err) => console.log(`failed ${job?.id} ${err.message}`));
  w.on('stalled', id => console.log(`stalled ${id}`));
  w.on('error', err => console.error(`worker error: ${err.message}`));

  const stop = async () => {
    await w.close(true); // force: do not wait for the 60 s sleeps
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  await w.waitUntilReady();
  console.log('ready');
  // The Worker's main loop keeps the process alive until a signal arrives.
}

// ------------------------------------------------------------------ truth --

async function truth(connection, prefix, queueName) {
  const q = new Queue(queueName, { connection, prefix, skipMetasUpdate: true }); // read-only: do not rewrite meta
  const client = await q.client; // the Queue's own ioredis connection
  const base = `${prefix}:${queueName}:`;
  const now = Date.now();

  const counts = await q.getJobCounts(
    'wait', 'active', 'delayed', 'prioritized', 'paused', 'failed', 'completed', 'waiting-children',
  );

  const delayed = [];
  for (const j of await q.getDelayed(0, -1)) {
    const score = Number(await client.zscore(`${base}delayed`, j.id));
    delayed.push({
      id: j.id,
      name: j.name,
      timestamp: j.timestamp,
      delay: j.delay,
      due: j.timestamp + j.delay,
      score,
      scoreDueMs: Math.floor(score / 4096), // BullMQ 5: score = due_ms * 4096 + counter
      scoreCounter: score % 4096,
      overdue: j.timestamp + j.delay <= now,
    });
  }

  const active = [];
  for (const id of await client.lrange(`${base}active`, 0, -1)) {
    const lockKey = `${base}${id}:lock`;
    active.push({
      id,
      lock: (await client.exists(lockKey)) === 1,
      lockPttl: await client.pttl(lockKey), // -2 = no key
      processedOn: Number(await client.hget(`${base}${id}`, 'processedOn')) || null,
    });
  }

  // Newest failed job: `failed` zset is scored by finishedOn ms.
  let newestFailed = null;
  const nf = await client.zrevrange(`${base}failed`, 0, 0);
  if (nf.length) {
    const job = await q.getJob(nf[0]);
    newestFailed = { id: nf[0], failedReason: job?.failedReason ?? null, finishedOn: job?.finishedOn ?? null };
  }

  // Oldest waiting job: LPUSH adds at the head, workers RPOPLPUSH the tail,
  // so the tail (index -1) is the oldest FIFO job / the next one to run.
  let oldestWaiting = null;
  const ow = await client.lindex(`${base}wait`, -1);
  if (ow) {
    const job = await q.getJob(ow);
    oldestWaiting = { id: ow, timestamp: job.timestamp, ageMs: now - job.timestamp };
  }

  // Flow parents waiting on their children: each one's unprocessed
  // dependencies, and the state BullMQ gives each child.
  const waitingChildren = [];
  const childQueues = new Map();
  for (const parent of await q.getWaitingChildren(0, 20)) {
    const deps = await parent.getDependencies();
    const children = [];
    for (const key of deps.unprocessed ?? []) {
      const [childQueue, childId] = key.slice(prefix.length + 1).split(':');
      if (!childQueues.has(childQueue)) childQueues.set(childQueue, new Queue(childQueue, { connection, prefix, skipMetasUpdate: true }));
      const child = await childQueues.get(childQueue).getJob(childId);
      children.push({ key, state: child ? await child.getState() : null, failedReason: child?.failedReason ?? null });
    }
    waitingChildren.push({ id: parent.id, children });
  }
  await Promise.all([...childQueues.values()].map(c => c.close()));

  const result = {
    now,
    waitingChildren,
    prefix,
    queue: queueName,
    version: await q.getVersion(), // meta.version, e.g. "bullmq:5.81.5"
    paused: await q.isPaused(),
    counts,
    workers: await q.getWorkersCount(), // CLIENT LIST names "<prefix>:<base64(queue)>[:w:<name>]"
    delayed,
    active,
    newestFailed,
    oldestWaiting,
  };
  await q.close();
  console.log(JSON.stringify(result));
}

// ------------------------------------------------------------------- main --

async function main() {
  const [cmd, url, ...restArgs] = process.argv.slice(2);
  if (!cmd || !url) usage();
  const { pos, opt } = parseArgs(restArgs);
  const connection = connectionFromUrl(url);
  const prefix = opt.prefix ?? 'bull'; // BullMQ's default prefix

  switch (cmd) {
    case 'produce':
      return produce(connection, prefix, Number(pos[0] ?? 20));
    case 'worker':
      return worker(connection, prefix, pos[0] ?? 'mail', opt);
    case 'truth':
      return truth(connection, prefix, pos[0] ?? 'mail');
    case 'add': {
      const n = Number(pos[0] ?? 0);
      if (!Number.isInteger(n) || n < 1) usage('add needs N >= 1');
      const q = new Queue(pos[1] ?? 'mail', { connection, prefix });
      const from = opt['priority-from'] === undefined ? null : intOpt(opt, 'priority-from', 1);
      for (let i = 0; i < n; i++) await q.add('send', { i }, from === null ? {} : { priority: from + i });
      await q.close();
      console.log(`added ${n}`);
      return;
    }
    case 'flow': {
      const flows = new FlowProducer({ connection, prefix });
      const tree = await flows.add({
        name: 'report', queueName: 'flows', data: {},
        children: [
          { name: 'poison', queueName: 'flow-children', data: { poison: true }, opts: { attempts: 1 } },
          { name: 'quick', queueName: 'flow-children', data: {} },
        ],
      });
      await flows.close();
      console.log(`flow ${JSON.stringify({ parent: tree.job.id })}`);
      return;
    }
    case 'many': {
      const n = Number(pos[0] ?? 0);
      if (!Number.isInteger(n) || n < 1) usage('many needs N >= 1');
      for (let i = 0; i < n; i++) {
        const q = new Queue(`q${String(i).padStart(3, '0')}`, { connection, prefix });
        await q.add('later', { i }, { delay: 3600_000 });
        await q.close();
      }
      const burning = new Queue('zz-burning', { connection, prefix });
      for (let i = 0; i < 20; i++) await burning.add('send', { i });
      await burning.close();
      console.log(`many ${n}`);
      return;
    }
    case 'poison': {
      const n = Number(pos[0] ?? 0);
      if (!Number.isInteger(n) || n < 1) usage('poison needs N >= 1');
      const q = new Queue(pos[1] ?? 'mail', { connection, prefix });
      for (let i = 0; i < n; i++) await q.add('poison', { poison: true, i }, { attempts: 1 });
      await q.close();
      console.log(`poisoned ${n}`);
      return;
    }
    default:
      usage(`unknown subcommand ${cmd}`);
  }
}

main().catch(err => {
  console.error(`error: ${err?.stack ?? err}`);
  process.exit(1);
});
