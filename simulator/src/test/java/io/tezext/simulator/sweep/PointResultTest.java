package io.tezext.simulator.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PointResultTest {
  @Test
  void figuresAreWrittenExactlyToTwelveDigitsWithoutAnExponent() {
    assertThat(PointResult.canonical(0)).isEqualTo("0");
    assertThat(PointResult.canonical(194.329416666667)).isEqualTo("194.329416667");
    assertThat(PointResult.canonical(1.0 / 3)).isEqualTo("0.333333333333");
    assertThat(PointResult.canonical(1.5e-9)).isEqualTo("0.0000000015");
    assertThat(PointResult.canonical(12_000)).isEqualTo("12000");
    assertThatThrownBy(() -> PointResult.canonical(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aLineParsesBackToTheSameResultAndOnlyTheCanonicalFormParses() {
    Map<String, String> figures = new LinkedHashMap<>();
    figures.put("dags", "12");
    figures.put("dags_failed", "0");
    figures.put("dag_mean_s", "194.329416667");
    PointResult r = new PointResult(new GridPoint(GridPoint.Phase.CONFIRM, 3, 0, 1, 7), "COMPLETED", "0.10.5", figures);

    String line = r.line();

    assertThat(line).isEqualTo("{\"id\":\"s03-c0-w1-seed7\",\"phase\":\"confirm\",\"setting\":3,\"scenario\":0,"
        + "\"workload\":1,\"seed\":7,\"end\":\"COMPLETED\",\"tezVersion\":\"0.10.5\",\"figures\":{\"dags\":12,"
        + "\"dags_failed\":0,\"dag_mean_s\":194.329416667}}");
    assertThat(PointResult.parse(line)).isEqualTo(r);
    assertThat(r.usable()).isTrue();
    assertThatThrownBy(() -> PointResult.parse(line.replace(",\"seed\":7", ", \"seed\":7")))
        .hasMessageContaining("not in canonical form");
    assertThatThrownBy(() -> PointResult.parse(line.replace("seed7", "seed8"))).hasMessageContaining("does not match");
  }
}
