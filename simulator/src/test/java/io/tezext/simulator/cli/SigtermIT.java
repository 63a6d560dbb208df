package io.tezext.simulator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real SIGTERM, and a real Ctrl-C (SIGINT), to {@code tezext-sim} in a JVM of its own, mid-run: it
 * stops with the signal's exit code (143, 130) and one line naming the signal, and leaves nothing
 * staged. How long it took is printed (it was 300-700 ms here), not asserted: a test does not time a
 * machine it shares.
 */
class SigtermIT {
  @TempDir
  Path dir;

  @Test
  void sigtermStopsARunAndLeavesNoStagedReport() throws Exception {
    stopMidRun("TERM", TezextSim.STOPPED, "tezext-sim: stopped (SIGTERM) before the runs ended; no report written");
  }

  @Test
  void ctrlCStopsARunSayingSoAndLeavesNoStagedReport() throws Exception {
    stopMidRun("INT", TezextSim.INTERRUPTED,
        "tezext-sim: stopped (SIGINT, Ctrl-C) before the runs ended; no report written");
  }

  private void stopMidRun(String signal, int exitCode, String message) throws Exception {
    Path work = Files.createDirectories(dir.resolve("work"));
    Path out = work.resolve("out");
    Path log = dir.resolve("child.log");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // The test JVM's --add-opens, which the scheduler classes need on JDK 17.
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-opens") || arg.startsWith("--add-exports")) {
        command.add(arg);
      }
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), TezextSim.class.getName(), "run",
        "--cluster", "scenarios/reference.json", "--synthetic", "--dags", "20000", "--out", out.toString(), "--quiet",
        "--format", "json"));
    Process child;
    try (WatchService watch = FileSystems.getDefault().newWatchService()) {
      work.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
      child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      // The staging directory appears once the inputs are read and the runs are about to start.
      assertThat(awaitStaging(watch)).as("the run staged its reports; its output: %s", log).isTrue();
    }
    // A shell without job control starts background commands with SIGINT ignored, and the child
    // inherits that: then Ctrl-C cannot reach it, and there is nothing to test.
    assumeFalse(signal.equals("INT") && ignoresSigint(child.pid()), "SIGINT is ignored in this environment");
    long stopAt = System.nanoTime();
    new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).inheritIO().start().waitFor();
    boolean ended = child.waitFor(30, TimeUnit.SECONDS);
    long stoppedInMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopAt);
    if (!ended) {
      child.destroyForcibly();
    }

    String output = Files.readString(log, StandardCharsets.UTF_8);
    System.out.println("SIG" + signal + " to exit: " + stoppedInMs + " ms");
    assertThat(ended).as(output).isTrue();
    assertThat(child.exitValue()).as(output).isEqualTo(exitCode);
    assertThat(output).contains(message);
    assertThat(entries(work)).as("nothing staged is left").isEmpty();
  }

  /** Whether the process ignores SIGINT, from the mask Linux shows in /proc (false where there is none). */
  private static boolean ignoresSigint(long pid) throws IOException {
    Path status = Path.of("/proc", Long.toString(pid), "status");
    if (!Files.exists(status)) {
      return false;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16) & (1L << 1)) != 0; // SIGINT is 2
      }
    }
    return false;
  }

  private static boolean awaitStaging(WatchService watch) throws InterruptedException {
    for (int i = 0; i < 120; i++) {
      WatchKey key = watch.poll(1, TimeUnit.SECONDS);
      if (key == null) {
        continue;
      }
      for (WatchEvent<?> event : key.pollEvents()) {
        if (event.context().toString().startsWith(".out.partial-")) {
          return true;
        }
      }
      key.reset();
    }
    return false;
  }

  private static List<String> entries(Path dir) throws IOException {
    try (Stream<Path> list = Files.list(dir)) {
      return list.map(p -> p.getFileName().toString()).toList();
    }
  }
}
