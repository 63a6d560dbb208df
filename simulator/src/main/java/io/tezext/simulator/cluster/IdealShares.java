package io.tezext.simulator.cluster;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Each leaf queue's ideal share of the cluster, by memory, as the CapacityScheduler's preemption
 * policy works it out (Hadoop 3.4, AbstractPreemptableResourceCalculator#computeFixpointAllocation
 * and TempQueuePerPartition#offer). A queue starts with its use, cut to its guarantee if above it.
 * What is left is offered in rounds to the least served queues only (lowest share of their
 * guarantee; ties together), each offered the round's remainder in proportion to its guarantee
 * among all queues still wanting more, until nothing is left or nobody wants more. A queue takes at
 * most its maximum, its use plus pending asks, and the larger of its guarantee and its use: a queue
 * under its guarantee is brought up to it before a queue at it gets anything, and no queue's ideal
 * passes its guarantee at the cost of another queue's running containers. Every queue has a
 * guarantee ({@link QueueSpec} asks a capacity above 0), so YARN's second pass for queues without
 * one never runs.
 */
final class IdealShares {
  /** What the policy knows of a queue. */
  record Demand(long guaranteedMb, long maxMb, long usedMb, long pendingMb) {
    /** Lower is served first; a queue whose guarantee rounds to nothing comes last. */
    double servedShare(long idealMb) {
      return guaranteedMb == 0 ? Integer.MAX_VALUE : (double) idealMb / guaranteedMb;
    }

    long mostAccepted(long idealMb) {
      long cap = Math.min(Math.max(0, maxMb - idealMb), usedMb + pendingMb - idealMb);
      return Math.max(0, Math.min(cap, Math.max(guaranteedMb, usedMb) - idealMb));
    }
  }

  private IdealShares() {
  }

  /** The ideal share of each queue, in the order given, of a cluster of {@code totalMb}. */
  static long[] of(List<Demand> queues, long totalMb) {
    long[] ideal = new long[queues.size()];
    long unassigned = totalMb;
    // Ties keep the queues' declared order, so the outcome never depends on a heap's whims.
    PriorityQueue<Integer> needy = new PriorityQueue<>(
        Comparator.<Integer>comparingDouble(q -> queues.get(q).servedShare(ideal[q])).thenComparingInt(q -> q));
    for (int q = 0; q < queues.size(); q++) {
      Demand d = queues.get(q);
      ideal[q] = Math.min(d.usedMb(), d.guaranteedMb());
      unassigned -= ideal[q];
      if (ideal[q] < d.usedMb() + d.pendingMb()) {
        needy.add(q);
      }
    }
    while (!needy.isEmpty() && unassigned > 0) {
      long activeGuarantees = 0;
      for (int q : needy) {
        activeGuarantees += queues.get(q).guaranteedMb();
      }
      List<Integer> leastServed = new ArrayList<>();
      double lowest = queues.get(needy.peek()).servedShare(ideal[needy.peek()]);
      while (!needy.isEmpty() && queues.get(needy.peek()).servedShare(ideal[needy.peek()]) == lowest) {
        leastServed.add(needy.poll());
      }
      long roundUnassigned = unassigned;
      for (int q : leastServed) {
        if (unassigned <= 0) {
          break;
        }
        Demand d = queues.get(q);
        double weight = (double) d.guaranteedMb() / activeGuarantees;
        long offered = Math.min((long) (roundUnassigned * weight + 0.5), unassigned); // YARN rounds half up
        long accepted = Math.min(offered, d.mostAccepted(ideal[q]));
        if (accepted > 0) {
          ideal[q] += accepted;
          unassigned -= accepted;
          needy.add(q);
        }
      }
    }
    return ideal;
  }
}
