#!/usr/bin/python3
"""Celery / kombu-Redis driver for Pelscope integration tests.

Runs against a REAL Celery (Debian 12: python3-celery 5.2.6, python3-kombu
5.2.4, python3-redis 4.3.4).  Use /usr/bin/python3 explicitly.

Subcommands (the Redis URL always comes first after the subcommand):

  produce URL N [--mail M] [--prio P] [--prio-values 3,6,9] [--fail F] [--eta E]
      LPUSH N `scenario.slow` tasks to queue `celery`, M to queue `mail`,
      P priority tasks to `celery` (priorities 3, 6, 9, 3, ... -> lists
      "celery\\x06\\x163", "celery\\x06\\x166", "celery\\x06\\x169") and F
      `scenario.fail` tasks to `celery` and E `scenario.slow` tasks with
      countdown=600 s (headers.eta set).  The order in the list is eta, fail,
      slow(celery), so a worker takes eta/fail ones first.  Prints one JSON
      line with the task ids.

  worker URL [QUEUES]
      Run a real Celery worker in this process (app.worker_main) consuming
      QUEUES (comma separated, default "celery") with task_acks_late=True
      (ACKS_LATE=0 to turn it off).
      Prints "ready" (flushed) on stdout once the worker consumes.
      Knobs (environment):
        VISIBILITY_TIMEOUT  kombu visibility_timeout, seconds (default 3600)
        SEP                 kombu's separator (default its own '\\x06\\x16')
        PRIORITY_STEPS=all  kombu priority_steps 0..9 (default 0, 3, 6, 9)
        POOL                prefork | threads | solo   (default prefork)
        CONCURRENCY         pool size                  (default 2)
        PREFETCH            worker_prefetch_multiplier (default 4)
        SLOW_SECONDS        how long scenario.slow sleeps (default 60)
        ACKS_LATE           1 (default) or 0
        WORKER_NAME         the node name's first part (default scenario)
        FAST_START=1        add --without-mingle --without-gossip
                            (skips the 1 s mingle wait; default 1)
      With prefork, CONCURRENCY=2, PREFETCH=4 the worker reserves 8 messages
      (2 executing, 6 waiting), all of them in the `unacked` hash because of
      acks_late.  SIGKILL the process group to leave them there.

  truth URL [--inspect]
      Print ONE JSON line with what kombu itself reports: per queue the
      LLEN of every priority list and kombu's own Channel._size() (the sum),
      HLEN unacked / ZCARD unacked_index, unacked counts per queue (mapped
      the way kombu restores them: exchange+routing_key -> binding set), and
      live-worker signals (PUBSUB NUMSUB of the pidbox channel, PUBSUB
      NUMPAT, clients whose last command was BRPOP; flags containing 'b' =
      blocked right now).  --inspect additionally runs
      app.control.inspect(timeout=1).ping()/active()/reserved() (~3 s);
      NOTE this WRITES to Redis (PUBLISH to the pidbox, a temporary reply
      queue), so it is opt-in.  With no live worker all three are None.

  dump URL [N]
      Debug aid: every key with TYPE, TTL and its first N items (exact bytes
      via repr), then PUBSUB CHANNELS / NUMPAT and CLIENT LIST.
"""
import json
import os
import sys
import time

from celery import Celery
from celery.signals import worker_ready

# --------------------------------------------------------------------------
# The Celery app.  Task names are explicit so that the producer (this module
# imported as __main__) and the worker agree no matter how we are started.
# --------------------------------------------------------------------------
app = Celery('scenario')


def configure(url):
    app.conf.update(
        broker_url=url,
        result_backend=None,          # no result keys: keep the keyspace pure
        task_ignore_result=True,
        # acks_late: message stays in `unacked` until the task is done.
        # ACKS_LATE=0 -> Celery acks when the task STARTS (prefetched-but-
        # not-started messages are still in `unacked`).
        task_acks_late=os.environ.get('ACKS_LATE', '1') == '1',
        worker_prefetch_multiplier=int(os.environ.get('PREFETCH', '4')),
        broker_transport_options={
            'visibility_timeout': float(
                os.environ.get('VISIBILITY_TIMEOUT', '3600')),
            # Celery's docs ("Redis: priorities") show sep ':' with every
            # step 0..9: SEP=':' PRIORITY_STEPS=all.
            **({'sep': os.environ['SEP']} if os.environ.get('SEP') else {}),
            **({'priority_steps': list(range(10))}
               if os.environ.get('PRIORITY_STEPS') == 'all' else {}),
        },
        worker_hijack_root_logger=False,
        worker_redirect_stdouts=False,
    )


@app.task(name='scenario.slow')
def slow(x):
    """A task that keeps the worker busy (default 60 s)."""
    time.sleep(float(os.environ.get('SLOW_SECONDS', '60')))
    return x


@app.task(name='scenario.fail')
def fail():
    """A task that always raises."""
    raise RuntimeError('scenario.fail always fails')


@worker_ready.connect
def _on_ready(**_):
    # The driver / C++ test waits for this exact line.  Celery redirects
    # sys.stdout into its logger, so write to the real stdout.
    sys.__stdout__.write('ready\n')
    sys.__stdout__.flush()


# --------------------------------------------------------------------------
# produce
# --------------------------------------------------------------------------
def cmd_produce(url, args):
    import argparse
    p = argparse.ArgumentParser(prog='scenario.py produce URL')
    p.add_argument('n', type=int)
    p.add_argument('--mail', type=int, default=5)
    p.add_argument('--prio', type=int, default=3)
    p.add_argument('--prio-values', default='3,6,9',
                   help='the priorities the --prio tasks take, in turn')
    p.add_argument('--fail', type=int, default=0)
    p.add_argument('--eta', type=int, default=0,
                   help='tasks with countdown=600 s (a worker holds them in '
                        '`unacked` until the ETA: a legit long reservation)')
    a = p.parse_args(args)
    configure(url)
    ids = {'celery': [], 'mail': [], 'prio': [], 'fail': [], 'eta': []}
    # One connection/producer for everything: much faster than apply_async
    # opening a pool connection per call.
    with app.producer_or_acquire() as prod:
        for i in range(a.eta):
            ids['eta'].append(
                slow.apply_async((i,), countdown=600, producer=prod).id)
        for i in range(a.fail):
            ids['fail'].append(fail.apply_async(producer=prod).id)
        for i in range(a.n):
            ids['celery'].append(slow.apply_async((i,), producer=prod).id)
        for i in range(a.mail):
            ids['mail'].append(
                slow.apply_async((i,), queue='mail', producer=prod).id)
        values = [int(v) for v in a.prio_values.split(',')]
        for i in range(a.prio):
            pri = values[i % len(values)]
            ids['prio'].append(
                slow.apply_async((i,), priority=pri, producer=prod).id)
    print(json.dumps(ids), flush=True)


# --------------------------------------------------------------------------
# worker
# --------------------------------------------------------------------------
def cmd_worker(url, args):
    configure(url)
    queues = args[0] if args else 'celery'
    argv = [
        'worker',
        '--loglevel=' + os.environ.get('LOGLEVEL', 'INFO'),
        '--pool=' + os.environ.get('POOL', 'prefork'),
        '--concurrency=' + os.environ.get('CONCURRENCY', '2'),
        '--queues=' + queues,
        '--hostname=' + os.environ.get('WORKER_NAME', 'scenario') + '@%h',
    ]
    if os.environ.get('FAST_START', '1') == '1':
        argv += ['--without-mingle', '--without-gossip']
    app.worker_main(argv)


# --------------------------------------------------------------------------
# truth
# --------------------------------------------------------------------------
def cmd_truth(url, args):
    configure(url)
    import redis
    r = redis.Redis.from_url(url)
    out = {'t': time.time()}
    with app.connection_for_read() as conn:
        chan = conn.default_channel          # kombu.transport.redis.Channel
        sep = chan.sep
        out['sep'] = sep
        out['priority_steps'] = list(chan.priority_steps)
        # Queues known to kombu = members of the _kombu.binding.<exchange>
        # sets: "routing_key<sep>pattern<sep>queue".
        bindings = {}
        for key in r.scan_iter(match=chan.keyprefix_queue % '*'):
            exchange = key.decode()[len(chan.keyprefix_queue % ''):]
            bindings[exchange] = [tuple(m.decode().split(sep))
                                  for m in r.smembers(key)]
        out['bindings'] = bindings
        # Skip control-plane queues: pidbox (remote control, fanout) and the
        # gossip/event receivers bound to the fanout exchange `celeryev`;
        # fanout traffic goes through PUBLISH, never through lists.
        queues = sorted({b[2] for ex, bl in bindings.items() for b in bl
                         if ex != 'celeryev' and not ex.endswith('.pidbox')
                         and not b[2].endswith('.pidbox')})
        out['queues'] = {}
        for q in queues:
            per_list = {chan._q_for_pri(q, p): r.llen(chan._q_for_pri(q, p))
                        for p in chan.priority_steps}
            try:
                # What `celery amqp queue.declare <q> passive=yes` reports.
                # kombu raises 404 when none of the priority lists exists
                # (an empty Redis list is no key at all).
                declared = chan.queue_declare(q, passive=True).message_count
            except Exception as exc:       # amqp ChannelError 404
                declared = 'error: %s' % (exc,)
            # Next message to be delivered = right end (LPUSH in, BRPOP out);
            # priority lists are drained in priority_steps order (0 first).
            nxt = None
            for p in chan.priority_steps:
                raw = r.lindex(chan._q_for_pri(q, p), -1)
                if raw:
                    m = json.loads(raw)
                    nxt = {'list': chan._q_for_pri(q, p),
                           'delivery_tag': m['properties']['delivery_tag'],
                           'task_id': m['headers'].get('id'),
                           'task': m['headers'].get('task')}
                    break
            out['queues'][q] = {
                'next': nxt,
                'lists': per_list,                   # the LLENs (Celery docs)
                'kombu_size': chan._size(q),         # kombu's own number
                'queue_declare_passive': declared,
            }
        # Unacked (reserved-by-a-worker) messages.
        out['unacked_hlen'] = r.hlen(chan.unacked_key)
        out['unacked_index_zcard'] = r.zcard(chan.unacked_index_key)
        oldest = r.zrange(chan.unacked_index_key, 0, 0, withscores=True)
        out['unacked_oldest'] = (
            {'tag': oldest[0][0].decode(), 'score': oldest[0][1],
             'age_s': time.time() - oldest[0][1]} if oldest else None)
        out['visibility_timeout'] = chan.visibility_timeout
        # Map each unacked entry back to its queue exactly like kombu's
        # restore does: value = JSON [message, exchange, routing_key];
        # queue(s) = chan._lookup(exchange, routing_key).
        per_q = {}
        for tag, raw in r.hscan_iter(chan.unacked_key):
            msg, ex, rk = json.loads(raw)
            for q in chan._lookup(ex, rk):
                per_q[q] = per_q.get(q, 0) + 1
        out['unacked_per_queue'] = per_q
        out['unacked_mutex_exists'] = bool(r.exists(chan.unacked_mutex_key))
    # Liveness signals that do not write anything.
    pidbox_chan = '/0.celery.pidbox'
    out['pidbox_numsub'] = dict(
        (k.decode(), v) for k, v in r.pubsub_numsub(pidbox_chan))
    out['pubsub_numpat'] = r.pubsub_numpat()
    out['brpop_clients'] = [
        c for c in r.client_list() if c.get('cmd') in ('brpop', 'blpop')]
    out['brpop_clients'] = [{'addr': c['addr'], 'age': c['age'],
                             'idle': c['idle'], 'flags': c['flags']}
                            for c in out['brpop_clients']]
    if '--inspect' in args:
        # Needs a LIVE worker; with none every call returns None after the
        # timeout.  Writes reply-queue keys + PUBLISHes to the pidbox.
        i = app.control.inspect(timeout=1.0)
        t0 = time.time()
        out['inspect'] = {'ping': i.ping(), 'active': i.active(),
                          'reserved': i.reserved(),
                          'scheduled': i.scheduled(),
                          'elapsed_s': round(time.time() - t0, 3)}
    print(json.dumps(out, default=str), flush=True)


# --------------------------------------------------------------------------
# dump (debug aid: every key, exact bytes, like redis-cli --scan + TYPE ...)
# --------------------------------------------------------------------------
def cmd_dump(url, args):
    import redis
    r = redis.Redis.from_url(url)
    n = int(args[0]) if args else 3          # items shown per key
    for key in sorted(r.scan_iter(count=1000)):
        t = r.type(key).decode()
        line = {'key': repr(key), 'type': t, 'ttl': r.ttl(key)}
        if t == 'list':
            line['llen'] = r.llen(key)
            line['head(lrange 0..)'] = [v[:300] for v in r.lrange(key, 0, n - 1)]
            line['tail(lindex -1)'] = (r.lindex(key, -1) or b'')[:300]
        elif t == 'hash':
            line['hlen'] = r.hlen(key)
            line['items'] = {repr(k): v[:300] for k, v in
                             list(r.hgetall(key).items())[:n]}
        elif t == 'zset':
            line['zcard'] = r.zcard(key)
            line['zrange'] = r.zrange(key, 0, n - 1, withscores=True)
        elif t == 'set':
            line['smembers'] = sorted(r.smembers(key))
        elif t == 'string':
            line['get'] = r.get(key)
        print(json.dumps(line, default=repr))
    print(json.dumps({'pubsub_channels': sorted(r.pubsub_channels()),
                      'pubsub_numpat': r.pubsub_numpat(),
                      'clients': [{k: c.get(k) for k in
                                   ('addr', 'name', 'age', 'idle', 'flags',
                                    'cmd', 'sub', 'psub')}
                                  for c in r.client_list()]},
                     default=repr))


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ('produce', 'worker', 'truth',
                                                'dump'):
        sys.stderr.write(__doc__)
        return 2
    cmd, url, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    {'produce': cmd_produce, 'worker': cmd_worker,
     'truth': cmd_truth, 'dump': cmd_dump}[cmd](url, rest)
    return 0


if __name__ == '__main__':
    sys.exit(main())
