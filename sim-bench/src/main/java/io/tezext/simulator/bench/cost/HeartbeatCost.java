package io.tezext.simulator.bench.cost;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import io.tezext.simulator.scheduler.SchedulerKind;

/**
 * The JMH benchmark behind {@code bench/run sched-cost}: the wall time of one AM heartbeat's worth
 * of a scheduler's work ({@link SteadyStateAm#heartbeat()}), for each scheduler in turn, each in
 * its own JVM. The AM reaches steady state before timing starts and is checked to still be there
 * after it, so that neither scheduler is timed doing nothing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@Fork(1) // SchedulerCostBenchmark runs several, alternating schedulers (AlternatingForks)
@Warmup(iterations = 8, time = 2) // on 2 cores the JIT settles after about 10 s
@Measurement(iterations = 5, time = 2)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class HeartbeatCost {
  /** The scheduler, by its simulator name ({@link SchedulerKind}). */
  @Param({"tezext", "dagaware"})
  public String scheduler;

  /** Seeds the replica hosts of every task. */
  @Param("1")
  public long seed;

  private SteadyStateAm am;

  @Setup(Level.Trial)
  public void reachSteadyState() {
    am = SteadyStateAm.start(SchedulerKind.fromCliName(scheduler), seed);
    am.checkSteadyState("after settling");
  }

  @Benchmark
  public int heartbeat() {
    return am.heartbeat();
  }

  @TearDown(Level.Trial)
  public void checkStillSteady() {
    am.checkSteadyState("after the measured heartbeats");
  }
}
