# frozen_string_literal: true
#
# Pelscope framework fixture: Sidekiq (tested with Debian 12 ruby-sidekiq 6.4.1,
# ruby-redis 4.8.0, redis-server 7.0.15).
#
# Usage (the Redis URL is always the first argument after the subcommand):
#
#   ruby scenario.rb produce  URL [N]   enqueue the fixture jobs (N SlowJobs, default 20)
#   ruby scenario.rb worker   URL       exec a real `sidekiq` process (-c 3 -q default -q mail)
#   ruby scenario.rb truth    URL       print ONE JSON line with Sidekiq's own API numbers
#   ruby scenario.rb flaky    URL N     enqueue N FlakyJobs (each fails, then waits >= 15 s in `retry`)
#   ruby scenario.rb poison   URL N     enqueue N PoisonJobs (each fails with no retries: straight to `dead`)
#   (A worker started with SCENARIO_CURED=1 completes FlakyJobs and PoisonJobs: the fix deployed.)
#   ruby scenario.rb incident URL [N]   produce + worker + wait until 3 jobs are busy
#                                       (as seen in Redis) + SIGKILL the worker;
#                                       prints ONE JSON line describing what was done
#
# The same file is loaded by the Sidekiq process itself (`sidekiq -r scenario.rb`)
# to define the job classes; the command dispatch at the bottom only runs when
# this file is the main program.
#
# Nothing here edits Redis behind Sidekiq's back except `produce`, which adds one
# already-overdue retry entry through Sidekiq's public API (RetrySet#schedule),
# because a real retry is always scheduled >= 15 s in the future.

require "json"
require "sidekiq"
require "sidekiq/api"

# redis-rb 4.8 warns on every SADD issued by Sidekiq 6.4's client
# ("Redis#sadd will always return an Integer in Redis 5.0.0"); harmless noise.
Redis.silence_deprecations = true if Redis.respond_to?(:silence_deprecations=)

# ---------------------------------------------------------------------------
# Job classes (loaded by both the producer and the Sidekiq process)
# ---------------------------------------------------------------------------

# Occupies a processor thread for a minute: the jobs we catch "in flight".
class SlowJob
  include Sidekiq::Worker
  sidekiq_options queue: "default"

  def perform(n)
    sleep 60
  end
end

# Mail jobs; the worker polls queues in strict order (default, then mail),
# so while `default` is backed up these just sit there and age.
class MailJob
  include Sidekiq::Worker
  sidekiq_options queue: "mail"

  def perform(to)
  end
end

# Fails immediately, no retries: goes straight to the `dead` zset.
class PoisonJob
  include Sidekiq::Worker
  sidekiq_options queue: "default", retry: 0

  def perform(n)
    return if ENV["SCENARIO_CURED"] == "1" # the fix deployed: a retried job now completes
    raise ArgumentError, "poison pill #{n}"
  end
end

# Fails immediately with retries left: goes to the `retry` zset,
# due 15..24 s later ((count**4) + 15 + rand(10)*(count+1)).
class FlakyJob
  include Sidekiq::Worker
  sidekiq_options queue: "default", retry: 2

  def perform(n)
    return if ENV["SCENARIO_CURED"] == "1"
    raise IOError, "flaky upstream #{n}"
  end
end

# Print a machine-readable line once the process is registered in Redis
# (Sidekiq fires :heartbeat after the first heartbeat that created <identity>).
Sidekiq.configure_server do |config|
  config.on(:heartbeat) do
    $stdout.puts "READY #{JSON.generate(identity: Sidekiq::CLI.instance.send(:identity), pid: Process.pid)}"
    $stdout.flush
  end
end

# ---------------------------------------------------------------------------
# Subcommands
# ---------------------------------------------------------------------------
module Scenario
  module_function

  def use_redis(url)
    ENV["REDIS_URL"] = url # also inherited by the exec'ed sidekiq process
    Sidekiq.configure_client { |c| c.redis = {url: url} }
    Sidekiq.logger.level = Logger::WARN
  end

  # Enqueue the fixture. Order matters: Sidekiq LPUSHes and BRPOPs, so the
  # first pushed job is the first fetched. PoisonJob/FlakyJob go first so that
  # the worker fails them right away and ends up with 3 SlowJobs in flight.
  def produce(n)
    counts = Hash.new(0)
    PoisonJob.perform_async(1); counts["PoisonJob"] += 1
    FlakyJob.perform_async(1);  counts["FlakyJob"] += 1
    n.times { |i| SlowJob.perform_async(i); counts["SlowJob"] += 1 }
    3.times { |i| MailJob.perform_async("user#{i}@example.com"); counts["MailJob"] += 1 }

    # Scheduled jobs: two due in 2 s (overdue soon, because the only Sidekiq
    # process's poller first runs 10..15 s after boot and will have been
    # killed by then), one due in an hour.
    2.times { |i| SlowJob.perform_in(2, 1000 + i) }
    SlowJob.perform_in(3600, 2000)

    # One overdue retry, written through Sidekiq's API with the same fields
    # JobRetry#attempt_retry adds (error_message, error_class, failed_at,
    # retry_count). Real retries are due >= 15 s after the failure.
    now = Time.now.to_f
    Sidekiq::RetrySet.new.schedule(now - 30, {
      "class" => "FlakyJob", "args" => [99], "retry" => 2, "queue" => "default",
      "jid" => SecureRandom.hex(12), "created_at" => now - 90, "enqueued_at" => now - 90,
      "error_message" => "flaky upstream 99", "error_class" => "IOError",
      "failed_at" => now - 60, "retry_count" => 0
    })
    {"pushed" => counts, "scheduled" => 3, "retry_injected" => 1}
  end

  # Replace this process with a real Sidekiq process (so its pid is the one to
  # SIGKILL). Sidekiq requires this very file to get the job classes.
  def worker
    exec("sidekiq", "-r", File.expand_path(__FILE__), "-c", "3",
      "-q", "default", "-q", "mail", "-t", "1")
  end

  # Sidekiq's own view, read-only. Note: ProcessSet.new(true) (the default)
  # SREMs dead members from `processes`; we pass false to keep the evidence.
  def truth
    now = Time.now.to_f
    stats = Sidekiq::Stats.new
    queues = Sidekiq::Queue.all.map { |q|
      [q.name, {"size" => q.size, "latency" => q.latency.round(3)}]
    }.to_h

    procs = Sidekiq::ProcessSet.new(false)
    processes = procs.map { |p|
      {"identity" => p["identity"], "pid" => p["pid"], "hostname" => p["hostname"],
       "beat" => p["beat"], "beat_age" => (now - p["beat"]).round(3),
       "busy" => p["busy"], "quiet" => p["quiet"], "concurrency" => p["concurrency"],
       "queues" => p["queues"]}
    }
    # What ProcessSet#cleanup would prune: members of `processes` whose
    # <identity> hash is gone (expired 60 s after the last heartbeat).
    members = Sidekiq.redis { |c| c.smembers("processes") }.sort
    alive = processes.map { |p| p["identity"] }
    expired = members - alive

    work = []
    Sidekiq::WorkSet.new.each do |identity, tid, w|
      work << {"identity" => identity, "tid" => tid, "queue" => w["queue"],
               "run_at" => w["run_at"], "class" => w["payload"]["class"],
               "jid" => w["payload"]["jid"]}
    end

    sched = Sidekiq::ScheduledSet.new
    retries = Sidekiq::RetrySet.new
    dead = Sidekiq::DeadSet.new
    line = {
      "now" => now,
      "sidekiq_version" => Sidekiq::VERSION,
      "stats" => {
        "processed" => stats.processed, "failed" => stats.failed,
        "enqueued" => stats.enqueued, "scheduled_size" => stats.scheduled_size,
        "retry_size" => stats.retry_size, "dead_size" => stats.dead_size,
        "processes_size" => stats.processes_size, "workers_size" => stats.workers_size,
        "default_queue_latency" => stats.default_queue_latency.round(3),
        "queues" => stats.queues
      },
      "queues" => queues,
      "processes" => processes,
      "process_set_members" => members,
      "expired_process_members" => expired,
      "workset_size" => Sidekiq::WorkSet.new.size, # sum of HGET <id> busy
      "work" => work,                                # entries of live <id>:workers
      "scheduled" => {"size" => sched.size, "past_due" => sched.count { |j| j.at.to_f <= now }},
      "retry" => {"size" => retries.size, "past_due" => retries.count { |j| j.at.to_f <= now }},
      "dead" => {"size" => dead.size,
                 "newest_failed_at" => dead.map { |j| j.at.to_f }.max}
    }
    puts JSON.generate(line)
  end

  # produce + worker + wait for 3 busy + SIGKILL. Exit status 0 on success.
  def incident(url, n)
    t0 = Time.now.to_f
    produced = produce(n)
    pid = spawn(RbConfig.ruby, File.expand_path(__FILE__), "worker", url,
      out: File::NULL, err: ENV.fetch("SCENARIO_WORKER_LOG", File::NULL))
    identity = nil
    busy = 0
    deadline = Time.now + 30
    # Wait until the worker's own heartbeat says 3 threads are busy and the
    # :workers hash holds them (both are written by the same heartbeat).
    until Time.now > deadline
      sleep 0.2
      Sidekiq.redis do |c|
        identity ||= c.smembers("processes").find { |m| m.split(":")[-2] == pid.to_s }
        if identity
          busy = c.hget(identity, "busy").to_i
          nwork = c.hlen("#{identity}:workers")
          busy = 0 if nwork < 3
        end
      end
      break if busy >= 3
    end
    Process.kill("KILL", pid)
    Process.wait(pid)
    ok = busy >= 3
    puts JSON.generate("ok" => ok, "killed_pid" => pid, "identity" => identity,
      "busy_at_kill" => busy, "killed_at" => Time.now.to_f,
      "elapsed_s" => (Time.now.to_f - t0).round(3), "produced" => produced)
    exit(ok ? 0 : 1)
  end
end

if $PROGRAM_NAME == __FILE__
  cmd, url, arg = ARGV
  abort("usage: ruby #{$PROGRAM_NAME} produce|worker|truth|flaky|incident REDIS_URL [N]") unless cmd && url
  Scenario.use_redis(url)
  case cmd
  when "produce" then puts JSON.generate(Scenario.produce((arg || 20).to_i))
  when "worker" then Scenario.worker
  when "truth" then Scenario.truth
  when "flaky" then (arg || 1).to_i.times { |i| FlakyJob.perform_async(i) }
  when "poison" then (arg || 1).to_i.times { |i| PoisonJob.perform_async(i) }
  when "incident" then Scenario.incident(url, (arg || 20).to_i)
  else abort("unknown subcommand #{cmd}")
  end
end
