package io.tezext.simulator.bench.cost;

import java.util.Locale;

import io.tezext.benchkit.BenchResult;

/**
 * What the sched-cost AM and its scheduler did over a run of heartbeats. Both schedulers are fed the
 * same events, but what they decide (reuse a container or release it, which task runs where) feeds
 * back into the next heartbeat; these counts show that each did a comparable amount of work.
 */
final class HeartbeatWork {
  long heartbeats;
  /** Attempts the AM reported done (deallocateTask, succeeded). */
  long finished;
  /** Running attempts whose container YARN reported completed under them. */
  long died;
  /** Containers the RM granted (onContainersAllocated). */
  long allocated;
  /** Completed container statuses delivered: releases confirmed, and containers that died. */
  long completedStatuses;
  /** Attempts the scheduler gave a container (taskAllocated). */
  long assigned;
  /** Of those, into a container that had run an attempt before. */
  long reused;
  /** Containers the scheduler handed back to YARN. */
  long released;
  /** Containers the scheduler asked the AM to preempt. */
  long preempted;
  /** Task requests the AM issued (allocateTask). */
  long requests;

  void reset() {
    heartbeats = finished = died = allocated = completedStatuses = assigned = reused = released = preempted
        = requests = 0;
  }

  /** One line, per heartbeat. */
  String perHeartbeat() {
    return String.format(Locale.ROOT, "per heartbeat: %.1f attempts done, %.1f died, %.1f requests issued, "
            + "%.1f containers granted, %.1f completions, %.1f assigned (%.1f into reused containers), %.1f released, "
            + "%.2f preempted", per(finished), per(died), per(requests), per(allocated), per(completedStatuses),
        per(assigned), per(reused), per(released), per(preempted));
  }

  /** Per heartbeat, under {@code group}. */
  void putInto(BenchResult group) {
    group.put("heartbeats", heartbeats).put("finished", per(finished), 2).put("died", per(died), 2)
        .put("requests", per(requests), 2).put("granted", per(allocated), 2)
        .put("completions", per(completedStatuses), 2).put("assigned", per(assigned), 2)
        .put("assigned_reused", per(reused), 2).put("released", per(released), 2).put("preempted", per(preempted), 2);
  }

  private double per(long count) {
    return heartbeats == 0 ? 0 : (double) count / heartbeats;
  }
}
