package io.tezext.simulator.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
 * A real SIGTERM to {@code tezext-sim} in a JVM of its own, mid-run: it stops with its exit code and
 * one line saying so, and leaves nothing staged. How long it took is printed (it was 300-700 ms
 * here), not asserted: a test does not time a machine it shares.
 */
class SigtermIT {
  @TempDir
  Path dir;

  @Test
  void sigtermStopsARunAndLeavesNoStagedReport() throws Exception {
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
    long stopAt = System.nanoTime();
    child.destroy(); // SIGTERM
    boolean ended = child.waitFor(30, TimeUnit.SECONDS);
    long stoppedInMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopAt);
    if (!ended) {
      child.destroyForcibly();
    }

    String output = Files.readString(log, StandardCharsets.UTF_8);
    System.out.println("SIGTERM to exit: " + stoppedInMs + " ms");
    assertThat(ended).as(output).isTrue();
    assertThat(child.exitValue()).as(output).isEqualTo(TezextSim.STOPPED);
    assertThat(output).contains("tezext-sim: stopped (SIGTERM) before the runs ended; no report written");
    assertThat(entries(work)).as("nothing staged is left").isEmpty();
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
