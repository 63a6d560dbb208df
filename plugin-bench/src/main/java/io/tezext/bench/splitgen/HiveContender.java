package io.tezext.bench.splitgen;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Hive's contender, {@code HiveEtlSplitGeneration} in a JVM of its own on hive-exec's class path
 * (its ORC is not ours), driven one run at a time so that it takes its turn among the others: it
 * warms up when started, and each {@link #plan()} asks it to plan the table once.
 */
final class HiveContender implements AutoCloseable {
  private final Process process;
  private final BufferedReader out;
  private final Writer in;

  private HiveContender(Process process) {
    this.process = process;
    this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
  }

  /** Starts the JVM; {@code jvmOptions} are the JDK 17 flags Hive needs. */
  static HiveContender start(Path root, List<String> jvmOptions, Path table, Path warmup, long latencyMs, int threads)
      throws IOException {
    Path bench = root.resolve("hive-bench/target");
    String classpath = bench.resolve("classes") + ":" + Files.readString(bench.resolve("runtime-classpath.txt")).trim();
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx2g", "-XX:+UseParallelGC"));
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", classpath, "io.tezext.bench.hive.HiveEtlSplitGeneration", table.toString(),
        warmup.toString(), String.valueOf(latencyMs), String.valueOf(threads)));
    return new HiveContender(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
  }

  /** Waits until the JVM has planned its warm-up table. */
  void ready() throws IOException {
    readLine(line -> line.equals("ready"));
  }

  /** Has the JVM plan the table once: the splits and the store requests it made. */
  SplitGenBenchmark.Planned plan() throws IOException {
    in.write("plan\n");
    in.flush();
    Map<?, ?> run = new ObjectMapper().readValue(readLine(line -> line.startsWith("{")), Map.class);
    Map<String, Long> requests = new LinkedHashMap<>();
    ((Map<?, ?>) run.get("requests")).forEach((k, v) -> requests.put((String) k, ((Number) v).longValue()));
    return new SplitGenBenchmark.Planned(((Number) run.get("splits")).longValue(), requests, Map.of());
  }

  /** The next line the JVM prints that {@code wanted} accepts (Hive may print others first). */
  private String readLine(Predicate<String> wanted) throws IOException {
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      if (wanted.test(line)) {
        return line;
      }
    }
    throw new IllegalStateException("Hive's contender ended without answering (its errors are above)");
  }

  @Override
  public void close() throws IOException, InterruptedException {
    in.close();
    if (process.waitFor() != 0) {
      throw new IllegalStateException("Hive's contender failed (exit " + process.exitValue() + ")");
    }
  }
}
