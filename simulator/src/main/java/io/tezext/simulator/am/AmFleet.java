package io.tezext.simulator.am;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Locale;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.tez.dag.api.UserPayload;

import io.tezext.simulator.cluster.ResourceManager;
import io.tezext.simulator.engine.EventLoop;
import io.tezext.simulator.engine.Phase;
import io.tezext.simulator.metrics.CpuMeter;
import io.tezext.simulator.metrics.RunRecorder;
import io.tezext.simulator.scheduler.SchedulerFactory;
import io.tezext.simulator.workload.DagSubmission;

/**
 * The Tez AMs of one run. A DAG with a session goes to that session's AM (started with its first
 * DAG, ended after its last); a DAG without one gets an AM of its own, as a non-session TezClient
 * would give it. A closed-loop DAG ({@link DagSubmission#closedLoop}) is submitted here, its think
 * time after its session's previous DAG ends, as its client would submit it.
 */
public final class AmFleet {
  private final AmEnvironment env;
  private final Map<String, Integer> dagsPerSession = new HashMap<>();
  private final Map<String, SimAm> sessions = new HashMap<>();
  /** A DAG's id -> the closed-loop DAG of its session that its end submits. */
  private final Map<String, DagSubmission> followers = new HashMap<>();
  private final List<DagSubmission> timedArrivals = new ArrayList<>();
  /** Closed-loop DAGs whose predecessor has ended, in their think time. */
  private int thinking;
  private final List<SimAm> ams = new ArrayList<>();
  private int apps;
  private int exited;

  public AmFleet(EventLoop loop, ResourceManager rm, RunRecorder recorder, SchedulerFactory schedulerFactory,
      AmSettings settings, Configuration schedulerConf, UserPayload schedulerPayload,
      Function<String, String> rackOf, Resource maxCapability, double containerFailureProbability, long seed,
      CpuMeter cpu, List<DagSubmission> submissions) {
    this.env = new AmEnvironment(loop, rm, recorder, schedulerFactory, settings, schedulerConf, schedulerPayload,
        rackOf, maxCapability, containerFailureProbability, seed, cpu);
    Map<String, DagSubmission> lastOfSession = new HashMap<>();
    for (DagSubmission s : submissions) { // in arrival order
      DagSubmission previous = null;
      if (s.session() != null) {
        dagsPerSession.merge(s.session(), 1, Integer::sum);
        previous = lastOfSession.put(s.session(), s);
      }
      if (previous != null && s.closedLoop()) {
        followers.put(previous.id(), s);
      } else {
        timedArrivals.add(s);
      }
    }
  }

  /**
   * The DAGs that arrive at their own time, in arrival order; each of the others is submitted its
   * think time after its session's previous DAG ends.
   */
  public List<DagSubmission> timedArrivals() {
    return timedArrivals;
  }

  /**
   * True while a client thinks: a closed-loop DAG will arrive without anything else happening first.
   * One whose predecessor has not ended waits on the run's progress, so it does not count: a run
   * stuck before it is a hang.
   */
  public boolean clientsThinking() {
    return thinking > 0;
  }

  private void dagEnded(DagSubmission dag) {
    DagSubmission next = followers.remove(dag.id());
    if (next != null) {
      thinking++;
      env.loop().after(next.thinkMs(), Phase.WORK, () -> {
        thinking--;
        arrive(next);
      });
    }
  }

  /** A DAG arrives now. */
  public void arrive(DagSubmission dag) {
    SimAm am;
    if (dag.session() == null) {
      am = newAm(dag.queue(), false, 1);
    } else {
      am = sessions.computeIfAbsent(dag.session(),
          s -> newAm(dag.queue(), true, dagsPerSession.get(s)));
    }
    am.submit(dag);
  }

  private SimAm newAm(String queue, boolean session, int expectedDags) {
    apps++;
    SimAm am = new SimAm(env, String.format(Locale.ROOT, "application_0_%04d", apps), apps, queue, session,
        expectedDags, this::dagEnded, () -> exited++);
    ams.add(am);
    return am;
  }

  /** Tasks of DAGs that have arrived and neither succeeded nor been reported failed. */
  public long lostTasks() {
    long n = 0;
    for (SimAm am : ams) {
      n += am.unfinishedTasks();
    }
    return n;
  }

  /** True once every AM started so far has exited. */
  public boolean allExited() {
    return exited == apps;
  }
}
