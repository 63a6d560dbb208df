package io.tezext.hive.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.tezext.hive.route.RouteStatements.Route;

class RouteStatementsTest {
  @Test
  void theTableAndEachPartitionSwitchWithSchemaEvolutionOffForTheirDuration() {
    List<String> statements = RouteStatements.switchTo(Route.TEZEXT, "sales.store_sales",
        List.of("ss_month=1", "ss_month=2", ""));
    assertThat(statements).hasSize(5);
    assertThat(statements.get(0)).isEqualTo("SET hive.exec.schema.evolution=false");
    assertThat(statements.get(1)).startsWith("ALTER TABLE sales.store_sales SET FILEFORMAT INPUTFORMAT "
        + "'io.tezext.hive.splits.TezextOrcInputFormat' OUTPUTFORMAT 'org.apache.hadoop.hive.ql.io.orc.OrcOutputFormat' "
        + "SERDE 'org.apache.hadoop.hive.ql.io.orc.OrcSerde'");
    assertThat(statements.get(2)).startsWith("ALTER TABLE sales.store_sales PARTITION (ss_month='1') SET FILEFORMAT");
    assertThat(statements.get(4)).isEqualTo("RESET hive.exec.schema.evolution");
    assertThat(RouteStatements.switchTo(Route.HIVE, "t", List.of()).get(1))
        .contains("INPUTFORMAT 'org.apache.hadoop.hive.ql.io.orc.OrcInputFormat'");
  }

  @Test
  void partitionValuesAreUnescapedAndQuoted() {
    assertThat(RouteStatements.spec("dt=2024-01-01/region=us%2Feast")).isEqualTo("dt='2024-01-01', region='us/east'");
    assertThat(RouteStatements.spec("name=it%27s")).isEqualTo("name='it\\'s'");
  }

  @Test
  void aLineThatIsNoPartitionOrABadTableNameIsNamed() {
    assertThatThrownBy(() -> RouteStatements.switchTo(Route.TEZEXT, "t", List.of("garbage")))
        .hasMessageContaining("partition 'garbage': expected key=value");
    assertThatThrownBy(() -> RouteStatements.switchTo(Route.TEZEXT, "t; DROP TABLE x", List.of()))
        .hasMessageContaining("expected [database.]table");
  }
}
