#!/usr/bin/env node
// Pelscope integration-test driver for the Node.js job queues Pelscope
// recognises but does not read: Bull 4 and Bull 3 (npm `bull`, and `bull3`
// aliased to bull@3) and bee-queue, versions pinned in package-lock.json.
//
//   node legacy.cjs produce URL N
//       Queue "reports" in Bull 4 (prefix "bull"), "invoices" in Bull 3
//       (prefix "old") and "thumbnails" in bee-queue (prefix "bq"), N
//       waiting jobs each and no worker. Prints "produced {json}".
//   node legacy.cjs truth URL
//       ONE JSON line with each library's own counts: Bull's getJobCounts(),
//       bee-queue's checkHealth().
//
// Exit status: 0 on success, 2 on bad usage, 1 on any other error.
'use strict';

const Bull4 = require('bull');
const Bull3 = require('bull3');
const BeeQueue = require('bee-queue');

function usage(msg) {
  if (msg) console.error(`error: ${msg}`);
  console.error('usage: legacy.cjs produce URL N | truth URL');
  process.exit(2);
}

function open(url) {
  return {
    bull4: new Bull4('reports', url, { prefix: 'bull' }),
    bull3: new Bull3('invoices', url, { prefix: 'old' }),
    bee: new BeeQueue('thumbnails', { redis: { url }, prefix: 'bq', isWorker: false, getEvents: false, sendEvents: false }),
  };
}

async function closeAll(q) {
  await Promise.all([q.bull4.close(), q.bull3.close(), q.bee.close()]);
}

async function produce(url, n) {
  if (!Number.isInteger(n) || n < 1) usage('produce needs N >= 1');
  const q = open(url);
  for (let i = 0; i < n; i++) {
    await q.bull4.add({ i });
    await q.bull3.add({ i });
    await q.bee.createJob({ i }).save();
  }
  await closeAll(q);
  console.log(`produced ${JSON.stringify({ n })}`);
}

async function truth(url) {
  const q = open(url);
  const out = {
    bull4: { version: require('bull/package.json').version, counts: await q.bull4.getJobCounts() },
    bull3: { version: require('bull3/package.json').version, counts: await q.bull3.getJobCounts() },
    bee: { version: require('bee-queue/package.json').version, health: await q.bee.checkHealth() },
  };
  await closeAll(q);
  console.log(JSON.stringify(out));
}

async function main() {
  const [cmd, url, n] = process.argv.slice(2);
  if (!cmd || !url) usage();
  if (cmd === 'produce') return produce(url, Number(n ?? 10));
  if (cmd === 'truth') return truth(url);
  usage(`unknown subcommand ${cmd}`);
}

main().then(() => process.exit(0), err => {
  console.error(`error: ${err?.stack ?? err}`);
  process.exit(1);
});
