package io.tezext.simulator.bench.faults;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.LongStream;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import io.tezext.benchkit.BenchResult;
import io.tezext.simulator.bench.faults.FaultCampaign.CaseResult;
import io.tezext.simulator.bench.faults.FaultCampaign.Tally;
import io.tezext.simulator.metrics.RunHealth;
import io.tezext.simulator.run.SchedulerLog;

/**
 * {@code bench/run sched-faults}: the seeded fault campaign. Each case ({@link FaultCase}) runs with
 * Tez's DagAware and with ours; the last line counts, per scheduler, hangs, runs out of time, lost
 * tasks, leaked containers and failed DAGs (definitions in docs/scheduler.md), and lists the seeds of
 * the cases that went wrong, each replayable with {@code --case SEED}.
 */
@Command(name = "sched-faults", mixinStandardHelpOptions = true,
    description = "Run seeded fault cases with DagAware and tezext; count hangs, lost tasks, leaks (docs/scheduler.md).")
public final class SchedFaultsBenchmark implements Callable<Integer> {
  @Option(names = "--cases", defaultValue = "500", description = "Number of cases (default ${DEFAULT-VALUE}).")
  int cases;

  @Option(names = "--first-seed", defaultValue = "1", description = "Seed of the first case (default ${DEFAULT-VALUE}).")
  long firstSeed;

  @Option(names = "--case", paramLabel = "SEED", description = "Run only this case and describe it.")
  Long only;

  @Option(names = "--threads", defaultValue = "0", description = "Cases at once (default: one per core).")
  int threads;

  private final PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);

  public static void main(String[] args) {
    System.exit(new CommandLine(new SchedFaultsBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (cases <= 0) {
      throw new CommandLine.ParameterException(new CommandLine(this), "--cases must be positive, was " + cases);
    }
    List<Long> seeds = only != null ? List.of(only) : LongStream.range(firstSeed, firstSeed + cases).boxed().toList();
    int n = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    List<CaseResult> results;
    try (SchedulerLog log = new SchedulerLog(null)) {
      results = FaultCampaign.run(seeds, n, done -> System.err.printf(Locale.ROOT, "\rsched-faults: %d/%d cases%s",
          done, seeds.size(), done == seeds.size() ? "\n" : ""));
      log.printSummary(out);
    }
    for (CaseResult r : results) {
      if (only != null || !r.dagaware().completed() || !r.tezext().completed() || r.dagaware().lostTasks() > 0
          || r.tezext().lostTasks() > 0 || r.dagaware().leakedContainers() > 0 || r.tezext().leakedContainers() > 0) {
        out.printf(Locale.ROOT, "case %d: %s%n  dagaware %s: %s%n  tezext   %s: %s%n", r.faultCase().seed(),
            r.faultCase().description(), r.faultCase().dagaware(), describe(r.dagaware()), r.faultCase().tezext(),
            describe(r.tezext()));
      }
    }
    Tally dagaware = FaultCampaign.tally(results, false);
    Tally tezext = FaultCampaign.tally(results, true);
    BenchResult line = BenchResult.of("sched-faults").put("runs", results.size()).put("first_seed", seeds.get(0));
    put(line.group("dagaware"), dagaware);
    put(line.group("tezext"), tezext);
    line.print(out);
    return 0;
  }

  private static void put(BenchResult group, Tally t) {
    group.put("runs", t.runs()).put("hangs", t.hangs()).put("timeouts", t.timeouts()).put("lost_tasks", t.lostTasks())
        .put("leaked_containers", t.leakedContainers()).put("failed_dags", t.failedDags())
        .put("cases_gone_wrong", t.badCases());
  }

  private static String describe(RunHealth h) {
    return String.format(Locale.ROOT, "%s at %.1f h, %d tasks lost, %d containers leaked",
        h.end().name().toLowerCase(Locale.ROOT), h.endMs() / 3.6e6, h.lostTasks(), h.leakedContainers());
  }
}
