#!/usr/bin/python3
"""Drive a real python-rq (RQ 1.13, Debian 12 `python3-rq`) deployment for Pelscope tests.

Every subcommand takes the Redis URL as its first argument, e.g.
redis://127.0.0.1:6390/0.

    produce      URL [N]        enqueue the standard incident load (see produce())
    steady       URL N SECONDS  enqueue N slow(SECONDS) jobs in queue `steady`
    worker       URL [QUEUE...] run a real RQ worker in the foreground
                 [--fast] [--with-scheduler] [--burst] [--name NAME]
    fail-worker  URL            burst worker on queue `flaky`: fills rq:failed:flaky
    kill-workers URL            SIGKILL every live worker of this Redis (that runs on
                                this host) *and* its work-horse/scheduler children
    truth        URL [--rq-cleanup]
                                one JSON line of RQ's own view (see truth())

Run it with Debian's interpreter (`/usr/bin/python3`), which sees python3-rq and
python3-redis. Job functions live in this file, so a worker started through the
`rq` CLI needs `PYTHONPATH=<dir of this file>`; `scenario.py worker` needs
nothing (Python puts the script's directory on sys.path).

Jobs are enqueued by dotted name ('scenario.slow'), never as function objects:
run as a script this module is `__main__`, and a job stored as `__main__.slow`
could not be imported by a worker.
"""

import argparse
import json
import os
import signal
import time
from datetime import datetime, timedelta, timezone

from redis import Redis
from rq import Queue, Worker
from rq.job import Job
from rq.registry import (
    CanceledJobRegistry,
    DeferredJobRegistry,
    FailedJobRegistry,
    FinishedJobRegistry,
    ScheduledJobRegistry,
    StartedJobRegistry,
)
from rq.utils import utcparse

# ---------------------------------------------------------------- job functions
# Imported by the worker's work-horse as `scenario.slow` / `scenario.fail`.


def slow(seconds=60):
    """A job that holds its worker for `seconds`."""
    time.sleep(seconds)
    return seconds


def fail(message='scenario: deliberate failure'):
    """A job that raises, so the worker moves it to rq:failed:<queue>; under a
    worker started with SCENARIO_CURED=1 (the fix deployed) it completes."""
    if os.environ.get('SCENARIO_CURED') == '1':
        return 'cured'
    raise RuntimeError(message)


# ---------------------------------------------------------------- produce


def produce(conn, n):
    """Enqueue the standard incident load and print what was enqueued (JSON).

    queue `default`: n x slow(60)                  -> rq:queue:default (LIST)
                     1 x slow scheduled 30 s ago    -> rq:scheduled:default, overdue
                     1 x slow scheduled in 2 s      -> rq:scheduled:default, overdue from ~2 s on
                     1 x slow scheduled in 1 h      -> rq:scheduled:default, not due
    queue `mail`:    3 x slow(60)                  -> nobody ever listens to `mail`
    queue `flaky`:   3 x fail()                    -> run `fail-worker` to move them
                                                      to rq:failed:flaky
    No scheduler runs unless a worker is started with --with-scheduler, so the
    scheduled jobs stay in rq:scheduled:* past their due time.
    """
    default = Queue('default', connection=conn)
    mail = Queue('mail', connection=conn)
    flaky = Queue('flaky', connection=conn)
    ids = {'default': [], 'mail': [], 'flaky': [], 'scheduled': []}
    for _ in range(n):
        ids['default'].append(default.enqueue('scenario.slow', 60).id)
    for _ in range(3):
        ids['mail'].append(mail.enqueue('scenario.slow', 60).id)
    for _ in range(3):
        ids['flaky'].append(flaky.enqueue('scenario.fail').id)
    now = datetime.now(timezone.utc)
    # enqueue_at() with a past time still only *schedules* the job (ZADD with the
    # past timestamp); only a scheduler moves it to the queue list.
    ids['scheduled'].append(default.enqueue_at(now - timedelta(seconds=30), 'scenario.slow', 1).id)
    ids['scheduled'].append(default.enqueue_in(timedelta(seconds=2), 'scenario.slow', 1).id)
    ids['scheduled'].append(default.enqueue_in(timedelta(hours=1), 'scenario.slow', 1).id)
    print(json.dumps(ids))


# ---------------------------------------------------------------- workers

FAST_GRACE = 2  # seconds; stock RQ 1.13 hard-codes 60 here


class FastWorker(Worker):
    """Stock forking Worker; writes the same keys and fields.

    The only change: RQ 1.13 adds a hard-coded 60 s grace to every heartbeat
    (worker key EXPIRE = worker_ttl+60 or job_monitoring_interval+60; rq:wip
    score = now + min(job.timeout, job_monitoring_interval) + 60). FastWorker
    uses FAST_GRACE instead, so that after a SIGKILL the worker key expires and
    the rq:wip score falls into the past within a few seconds instead of >= 61 s.
    """

    def get_heartbeat_ttl(self, job):
        return super().get_heartbeat_ttl(job) - 60 + FAST_GRACE

    def heartbeat(self, timeout=None, pipeline=None):
        # RQ's callers pass None (-> worker_ttl + 60) or X + 60; the one in
        # prepare_job_execution() passes get_heartbeat_ttl(), already shortened.
        timeout = timeout or self.worker_ttl + 60
        if timeout >= 60:
            timeout = timeout - 60 + FAST_GRACE
        return super().heartbeat(timeout, pipeline=pipeline)


def worker(conn, queues, fast=False, with_scheduler=False, burst=False, name=None):
    """Run a real RQ worker in this process until it is stopped or killed.

    Default (stock) settings here: worker_ttl=20 s, job_monitoring_interval=5 s
    -> idle: worker key TTL 80 s, heartbeat every 5 s (BLPOP timeout = ttl-15);
       busy: worker key TTL 65 s, rq:wip score = start + 65 s, refreshed every 5 s.
    --fast: worker_ttl=3 s, job_monitoring_interval=1 s, grace 2 s
    -> idle: key TTL 5 s, heartbeat every 1 s;
       busy: key TTL 3 s, rq:wip score = start + 3 s, refreshed every 1 s.
    """
    cls = FastWorker if fast else Worker
    ttl, interval = (3, 1) if fast else (20, 5)
    w = cls(
        [Queue(q, connection=conn) for q in queues],
        connection=conn,
        name=name,
        default_worker_ttl=ttl,
        job_monitoring_interval=interval,
    )
    print(json.dumps({'worker': w.name, 'key': w.key, 'pid': os.getpid(), 'class': cls.__name__}), flush=True)
    w.work(burst=burst, with_scheduler=with_scheduler, logging_level='INFO')


def _children(pid):
    """Direct children of `pid` (from /proc/*/stat)."""
    kids = []
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open(f'/proc/{entry}/stat') as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat.rsplit(')', 1)[1].split()[1])
        if ppid == pid:
            kids.append(int(entry))
    return kids


def kill_workers(conn):
    """SIGKILL every registered, live worker on this host plus its descendants.

    A forking RQ worker runs each job in a work-horse child that calls setsid();
    killing only the parent leaves the horse running: it finishes the job and
    cleans rq:wip itself (meanwhile nobody refreshes the rq:wip score, so with
    --fast the entry looks overdue until the horse ends). A container death kills
    both, which is what this reproduces. The scheduler process started by
    --with-scheduler is a child too and is killed as well.
    """
    host = os.uname().nodename
    killed = []
    for key in sorted(k.decode() for k in conn.smembers('rq:workers')):
        pid, hostname = conn.hmget(key, 'pid', 'hostname')
        if pid is None or (hostname and hostname.decode() != host):
            continue
        pid = int(pid)
        try:  # guard against a recycled pid from a stale worker hash
            with open(f'/proc/{pid}/cmdline', 'rb') as f:
                if b'python' not in f.read():
                    continue
        except OSError:
            continue
        stack, family = [pid], []
        while stack:
            p = stack.pop()
            family.append(p)
            stack.extend(_children(p))
        for p in reversed(family):  # children first, then the parent
            try:
                os.kill(p, signal.SIGKILL)
                killed.append(p)
            except ProcessLookupError:
                pass
    print(json.dumps({'killed_pids': killed, 'at': time.time()}))


# ---------------------------------------------------------------- truth


def _iso(dt):
    """RQ keeps naive UTC datetimes; print them as ISO-8601 with +00:00."""
    if dt is None:
        return None
    return (dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)).isoformat()


def truth(conn, rq_cleanup=False):
    """Print ONE JSON line with RQ's own numbers.

    Careful: several RQ accessors write to Redis. StartedJobRegistry.count /
    get_job_ids() run cleanup(), which moves every rq:wip entry whose score is
    in the past to rq:failed (status=failed, exc_info "Moved to
    FailedJobRegistry at ..."); Worker.find_by_key()/Worker.all() SREM missing
    worker keys from rq:workers; `rq info` cleans registries and per-queue worker
    sets. By default this function avoids all of that (raw ZCARD of rq:wip via
    the registry key, worker keys checked with EXISTS first) so that Pelscope
    and this output see the same Redis state. With --rq-cleanup it first runs
    RQ's own clean-up, as `rq info` and every worker (each 10 min) do, and then
    reports: that is RQ's verdict on orphans.
    """
    from rq.registry import clean_registries
    from rq.worker_registration import clean_worker_registry

    queues = Queue.all(connection=conn)
    if rq_cleanup:
        for q in queues:
            clean_registries(q)
            clean_worker_registry(q)
    sec, usec = conn.time()
    now = sec + usec / 1e6
    out = {'now': now, 'rq_cleanup': rq_cleanup, 'queues': {}, 'workers': []}

    for q in queues:
        started = StartedJobRegistry(queue=q)
        failed = FailedJobRegistry(queue=q)
        scheduled = ScheduledJobRegistry(queue=q)
        oldest_id = q.get_job_ids(0, 1)
        oldest = q.fetch_job(oldest_id[0]) if oldest_id else None
        wip_ids = [i.decode() for i in conn.zrange(started.key, 0, -1)]
        wip_jobs = [Job.fetch(i, connection=conn) if conn.exists(Job.key_for(i)) else None for i in wip_ids]
        wip_no_live_worker = sum(
            1 for j in wip_jobs if j is None or not j.worker_name or not conn.exists(Worker.redis_worker_namespace_prefix + j.worker_name)
        )
        out['queues'][q.name] = {
            'count': q.count,                                   # LLEN rq:queue:<q>
            'oldest_enqueued_at': _iso(oldest.enqueued_at) if oldest else None,
            'started': conn.zcard(started.key),                 # ZCARD rq:wip:<q> (no cleanup)
            'started_expired': len(started.get_expired_job_ids()),  # score <= now
            'started_no_live_worker': wip_no_live_worker,
            'failed': failed.count,                             # cleanup drops only expired failures
            'finished': FinishedJobRegistry(queue=q).count,
            'deferred': DeferredJobRegistry(queue=q).count,
            'canceled': CanceledJobRegistry(queue=q).count,
            'scheduled': scheduled.count,
            'scheduled_due': len(scheduled.get_jobs_to_schedule()),  # due time <= now
            'scheduler_lock_pid': q.scheduler_pid,              # GET rq:scheduler-lock:<q>
            'workers': Worker.count(queue=q),                   # SCARD rq:workers:<q>, dead ones too
            'workers_alive': sum(1 for k in Worker.all_keys(queue=q) if conn.exists(k)),
        }

    for key in sorted(Worker.all_keys(connection=conn)):     # SMEMBERS rq:workers
        entry = {'key': key, 'exists': bool(conn.exists(key)), 'ttl': conn.ttl(key)}
        if entry['exists']:
            w = Worker.find_by_key(key, connection=conn)
            hb = conn.hget(key, 'last_heartbeat')
            entry.update(
                name=w.name,
                state=w.get_state(),
                queues=w.queue_names(),
                current_job=w.get_current_job_id(),
                last_heartbeat=_iso(utcparse(hb.decode())) if hb else None,
                heartbeat_age=round(now - utcparse(hb.decode()).replace(tzinfo=timezone.utc).timestamp(), 3) if hb else None,
                pid=w.pid,
                hostname=w.hostname,
            )
        out['workers'].append(entry)
    out['workers_total'] = Worker.count(connection=conn)      # SCARD rq:workers
    print(json.dumps(out, sort_keys=True))


# ---------------------------------------------------------------- main


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = ap.add_subparsers(dest='cmd', required=True)
    p = sub.add_parser('produce')
    p.add_argument('url')
    p.add_argument('n', nargs='?', type=int, default=12)
    p = sub.add_parser('worker')
    p.add_argument('url')
    p.add_argument('queues', nargs='*', default=['default'])
    p.add_argument('--fast', action='store_true', help='2 s heartbeat grace instead of 60 s')
    p.add_argument('--with-scheduler', action='store_true')
    p.add_argument('--burst', action='store_true')
    p.add_argument('--name')
    p = sub.add_parser('steady')
    p.add_argument('url')
    p.add_argument('n', type=int)
    p.add_argument('seconds', type=float)
    p = sub.add_parser('fail-worker')
    p.add_argument('url')
    p = sub.add_parser('kill-workers')
    p.add_argument('url')
    p = sub.add_parser('truth')
    p.add_argument('url')
    p.add_argument('--rq-cleanup', action='store_true')
    a = ap.parse_args(argv)

    conn = Redis.from_url(a.url)
    if a.cmd == 'produce':
        produce(conn, a.n)
    elif a.cmd == 'worker':
        worker(conn, a.queues, a.fast, a.with_scheduler, a.burst, a.name)
    elif a.cmd == 'steady':
        q = Queue('steady', connection=conn)
        print(json.dumps([q.enqueue('scenario.slow', a.seconds).id for _ in range(a.n)]))
    elif a.cmd == 'fail-worker':
        worker(conn, ['flaky'], fast=True, burst=True, name='fail-worker')
    elif a.cmd == 'kill-workers':
        kill_workers(conn)
    elif a.cmd == 'truth':
        truth(conn, a.rq_cleanup)


if __name__ == '__main__':
    main()
