package io.tezext.simulator.bench.cost;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.ListStatistics;

import io.tezext.simulator.bench.BenchArgs;

/**
 * Runs {@link HeartbeatCost} for several schedulers in rounds, one forked JVM per scheduler per
 * round, alternating: on a shared machine the load changes from minute to minute, and running all
 * of one scheduler's JVMs before the other's would hand one of them the quiet minutes. Each
 * scheduler's measured iterations are pooled across its JVMs, as JMH pools forks.
 */
final class AlternatingForks {
  private final List<String> schedulers;
  private final long seed;
  private final int rounds;

  AlternatingForks(List<String> schedulers, long seed, int rounds) {
    this.schedulers = List.copyOf(schedulers);
    this.seed = seed;
    this.rounds = rounds;
  }

  /**
   * Measured iterations (microseconds per heartbeat) by scheduler, the mean of each round by
   * scheduler, and the bytes each heartbeat allocated by scheduler (JMH's GC profiler: a count,
   * not a timing, so the machine's load does not move it).
   */
  record Timings(Map<String, ListStatistics> pooled, Map<String, List<Double>> roundMeans,
      Map<String, ListStatistics> bytesPerHeartbeat) {
  }

  /** The GC profiler's figure for bytes allocated per benchmark call. */
  private static final String ALLOCATED_PER_CALL = "gc.alloc.rate.norm";

  Timings run() throws RunnerException {
    Map<String, ListStatistics> pooled = new LinkedHashMap<>();
    Map<String, List<Double>> roundMeans = new LinkedHashMap<>();
    Map<String, ListStatistics> bytes = new LinkedHashMap<>();
    String[] jvmArgs = forkJvmArgs();
    for (int round = 0; round < rounds; round++) {
      for (String scheduler : schedulers) {
        Options options = new OptionsBuilder()
            .include(Pattern.quote(HeartbeatCost.class.getName() + ".heartbeat"))
            .param("scheduler", scheduler)
            .param("seed", Long.toString(seed))
            .forks(1)
            .jvmArgs(jvmArgs)
            .addProfiler(GCProfiler.class)
            .build();
        ListStatistics thisRound = new ListStatistics();
        for (RunResult r : new Runner(options, OutputFormatFactory.createFormatInstance(System.err,
            VerboseMode.NORMAL)).run()) {
          for (BenchmarkResult b : r.getBenchmarkResults()) {
            for (IterationResult i : b.getIterationResults()) {
              thisRound.addValue(i.getPrimaryResult().getScore());
              pooled.computeIfAbsent(scheduler, s -> new ListStatistics()).addValue(i.getPrimaryResult().getScore());
              Result<?> allocated = i.getSecondaryResults().get(ALLOCATED_PER_CALL);
              if (allocated != null) {
                bytes.computeIfAbsent(scheduler, s -> new ListStatistics()).addValue(allocated.getScore());
              }
            }
          }
        }
        if (thisRound.getN() == 0) {
          throw new IllegalStateException("JMH timed no heartbeat of " + scheduler + "; its output above says why");
        }
        roundMeans.computeIfAbsent(scheduler, s -> new ArrayList<>()).add(thisRound.getMean());
      }
    }
    return new Timings(pooled, roundMeans, bytes);
  }

  /**
   * The flags this JVM started with (bench/run's heap, collector and the simulator's options), plus
   * the {@code --add-opens} Hadoop and Tez need on JDK 17 (build/jvm.properties) if they are not
   * among them: each forked JVM runs both schedulers' code and must start the same way.
   */
  private static String[] forkJvmArgs() {
    List<String> flags = new ArrayList<>(ManagementFactory.getRuntimeMXBean().getInputArguments());
    for (String open : jdk17Opens()) {
      if (!flags.contains(open)) {
        flags.add(open);
      }
    }
    return flags.toArray(new String[0]);
  }

  private static List<String> jdk17Opens() {
    Path file = Path.of(BenchArgs.projectRoot(), "build", "jvm.properties");
    Properties facts = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      facts.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + " (the JVM flags forked benchmark JVMs need)", e);
    }
    String opens = facts.getProperty("jdk17.opens");
    if (opens == null || opens.isBlank()) {
      throw new IllegalStateException(file + " has no jdk17.opens");
    }
    return Arrays.asList(opens.trim().split("\\s+"));
  }
}
