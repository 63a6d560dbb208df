package io.tezext.simulator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad inputs a user meets, each a clear error: exit code 2, no stack trace, a message that names
 * the file and says what it is or what was expected.
 */
class BadInputTest {
  @TempDir
  static Path dir;

  private static final String REFERENCE = "scenarios/reference.json";

  /** A file under the test's directory with these bytes. */
  private static Path file(String name, byte[] bytes) {
    try {
      return Files.write(dir.resolve(name), bytes);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Path text(String name, String text) {
    return file(name, text.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] gzip(String text) {
    try {
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      try (OutputStream out = new GZIPOutputStream(bytes)) {
        out.write(text.getBytes(StandardCharsets.UTF_8));
      }
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static Stream<Arguments> badWorkloads() {
    return Stream.of(
        Arguments.of("gzip", (java.util.function.Supplier<Path>) () -> file("w.json.gz", gzip("{\"dags\": []}")),
            "a gzip-compressed file"),
        Arguments.of("binary", (java.util.function.Supplier<Path>) () -> file("w.bin", new byte[] {1, 0, 2, 3}),
            "binary data (a zero byte at offset 1)"),
        Arguments.of("latin-1", (java.util.function.Supplier<Path>) () -> file("w-latin1.json",
            "{\"name\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1)), "not UTF-8 text (byte 0xe9 at offset 13)"),
        Arguments.of("a zip that is no ATS download", (java.util.function.Supplier<Path>) () -> file("w.zip",
            new byte[] {'P', 'K', 3, 4, 9, 9}), "a zip archive"),
        Arguments.of("no DAGs", (java.util.function.Supplier<Path>) () -> text("empty-dags.json", "{\"dags\": []}"),
            "nothing to replay"),
        Arguments.of("null DAGs", (java.util.function.Supplier<Path>) () -> text("null-dags.json", "{\"dags\": null}"),
            "at dags: expected an array of DAGs, found null"),
        Arguments.of("an Alibaba task of two billion instances", (java.util.function.Supplier<Path>) () -> {
          try {
            Path trace = Files.createDirectories(dir.resolve("alibaba-huge"));
            Files.writeString(trace.resolve("batch_task.csv"), "M1,2000000000,j_1,1,Terminated,100,200,100,0.5\n");
            return trace;
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }, "2,000,000,000 task instances; replaying them takes about"),
        Arguments.of("an empty directory", (java.util.function.Supplier<Path>) () -> {
          try {
            return Files.createDirectories(dir.resolve("nothing-here"));
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }, "a directory holding no workload the simulator reads"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badWorkloads")
  void aBadWorkloadIsAClearErrorNamingTheFile(String what, java.util.function.Supplier<Path> workload,
      String expected) {
    Path path = workload.get();
    StringWriter err = new StringWriter();
    int code = TezextSim.execute(new String[] {"run", "--cluster", REFERENCE, "--workload", path.toString(),
        "--format", "console", "--quiet"}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
    assertThat(code).as(err.toString()).isEqualTo(2);
    assertThat(err.toString()).contains(path.toString()).contains(expected).doesNotContain("\tat ")
        .doesNotContain("Exception");
  }

  static Stream<Arguments> badScenarios() {
    return Stream.of(
        Arguments.of("an array", "[1, 2]", "expected a JSON object ({...}), found an array"),
        Arguments.of("a string", "\"cluster\"", "expected a JSON object ({...}), found a string"),
        Arguments.of("an AM no node holds", "{\"tez\": {\"amMemoryMb\": 999999}}", "tez.amMemoryMb is 999999"),
        Arguments.of("queues adding up to 90%", "{\"queues\": [{\"name\": \"a\", \"capacity\": 60}, "
            + "{\"name\": \"b\", \"capacity\": 30}]}", "in 'queues': queue capacities must add up to 100%, they add up to 90.0%"),
        Arguments.of("a misspelt Tez key", "{\"tez\": {\"conf\": {\"tez.am.contianer.reuse.enabled\": \"false\"}}}",
            "in 'tez.conf': keys the schedulers read: tez.am.contianer.reuse.enabled is not a key"),
        Arguments.of("a Tez value Hadoop would ignore", "{\"tez\": {\"conf\": {\"tez.am.container.reuse.enabled\": "
            + "\"maybe\"}}}", "tez.am.container.reuse.enabled = 'maybe': expected true or false"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badScenarios")
  void aBadScenarioIsAClearErrorNamingTheFile(String what, String content, String expected) {
    Path scenario = text("scenario-" + what.replace(' ', '-') + ".json", content);
    StringWriter err = new StringWriter();
    int code = TezextSim.execute(new String[] {"run", "--cluster", scenario.toString(), "--synthetic", "--format",
        "console", "--quiet"}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
    assertThat(code).as(err.toString()).isEqualTo(2);
    assertThat(err.toString()).contains(scenario.toString()).contains(expected).doesNotContain("\tat ");
  }

  @org.junit.jupiter.api.Test
  void debugAddsTheStackTrace() {
    Path scenario = text("scenario-debug.json", "[1]");
    StringWriter err = new StringWriter();
    int code = TezextSim.execute(new String[] {"run", "--cluster", scenario.toString(), "--synthetic", "--format",
        "console", "--quiet", "--debug"}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("expected a JSON object").contains("\tat ");
  }
}
