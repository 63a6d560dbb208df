package io.tezext.benchkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A benchmark's last line: its name first, its figures in order, rounded as asked, ratios one way. */
class BenchResultTest {
  @Test
  void theLineIsOneObjectNamedFirstWithFiguresInTheOrderGiven() {
    BenchResult result = BenchResult.of("sched-cost").put("nodes", 1000).put("ours_us", 398.7149, 1)
        .put("dagaware_us", 318.04, 1).ratio("ratio", 398.7149, 318.04, 3).put("meets_goal", false)
        .put("error", "99.9% half-width");
    result.group("ours_work").put("heartbeats", 25).put("finished", 20.004, 2);

    assertThat(result.line()).isEqualTo("{\"benchmark\":\"sched-cost\",\"nodes\":1000,\"ours_us\":398.7,"
        + "\"dagaware_us\":318.0,\"ratio\":1.254,\"meets_goal\":false,\"error\":\"99.9% half-width\","
        + "\"ours_work\":{\"heartbeats\":25,\"finished\":20.0}}");
  }

  @Test
  void aRatioOfNothingAndAFigureThatIsNoNumberAreNull() {
    BenchResult result = BenchResult.of("x").ratio("lost_ratio", 5, 0, 3).ratio("none", 0, 0, 3)
        .put("hive_s", Double.NaN, 3).put("inf", Double.POSITIVE_INFINITY, 2);

    assertThat(result.line()).isEqualTo("{\"benchmark\":\"x\",\"lost_ratio\":null,\"none\":null,\"hive_s\":null,"
        + "\"inf\":null}");
  }

  @Test
  void listsMapsAndGroupsFilledApartKeepTheirOrder() {
    Map<String, Object> part = new LinkedHashMap<>();
    part.put("real_ratio", 0.856);
    part.put("pairs", 10);
    BenchResult cells = BenchResult.group();
    cells.group("hdfs_busy/row0").put("mean_jct_ratio", 0.98765, 4);
    BenchResult result = BenchResult.of("y").put("seeds", List.of(101L, 102L)).putAll(part)
        .put("scores", Map.of("tezext", 0.817)).put("cell", cells);

    assertThat(result.line()).isEqualTo("{\"benchmark\":\"y\",\"seeds\":[101,102],\"real_ratio\":0.856,"
        + "\"pairs\":10,\"scores\":{\"tezext\":0.817},\"cell\":{\"hdfs_busy/row0\":{\"mean_jct_ratio\":0.9877}}}");
  }

  @Test
  void itPrintsItselfAsOneLineAndRoundsHalfUp() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BenchResult.of("z").put("a", 1).print(new PrintStream(bytes, true, StandardCharsets.UTF_8));

    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("{\"benchmark\":\"z\",\"a\":1}" + System.lineSeparator());
    assertThat(BenchResult.round(0.12345, 4)).isEqualTo(0.1235);
    assertThat(BenchResult.round(2.5, 0)).isEqualTo(3.0);
    assertThat(BenchResult.round(Double.NaN, 3)).isNaN();
  }
}
