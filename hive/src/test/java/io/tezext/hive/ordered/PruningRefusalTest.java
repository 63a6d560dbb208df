package io.tezext.hive.ordered;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.TableDesc;
import org.junit.jupiter.api.Test;

class PruningRefusalTest {
  private static MapWork waitingForPruningEvents() {
    MapWork work = new MapWork("Map 1");
    work.getEventSourceTableDescMap().put("Map 2", List.of(new TableDesc()));
    return work;
  }

  @Test
  void aPlanWaitingForPruningEventsIsRefusedNamingTheKey() {
    Configuration conf = new Configuration(false);
    assertThatThrownBy(() -> PruningRefusal.check(waitingForPruningEvents(), conf))
        .hasMessageContaining("Map 1 waits for dynamic partition pruning events from [Map 2]")
        .hasMessageContaining("SET hive.tez.dynamic.partition.pruning=false");
  }

  @Test
  void withPruningOffOrNoEventsThePlanIsRead() {
    Configuration off = new Configuration(false);
    off.setBoolean("hive.tez.dynamic.partition.pruning", false);
    assertThatCode(() -> PruningRefusal.check(waitingForPruningEvents(), off)).doesNotThrowAnyException();
    assertThatCode(() -> PruningRefusal.check(new MapWork("Map 1"), new Configuration(false)))
        .doesNotThrowAnyException();
  }
}
