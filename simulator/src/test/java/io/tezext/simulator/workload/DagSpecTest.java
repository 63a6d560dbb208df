package io.tezext.simulator.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class DagSpecTest {
  @Test
  void oneContainerSizeIsTheDagsLargestForEveryVertexAsHiveAsksIt() {
    DagSpec dag = new DagSpec("q", List.of(
        new VertexSpec("Map 1", 2048, 1, InputStorage.HDFS, 100, List.of(TaskSpec.of(1_000))),
        new VertexSpec("Reducer 2", 4096, 2, InputStorage.NONE, 0, List.of(TaskSpec.of(2_000)))),
        List.of(new EdgeSpec("Map 1", "Reducer 2", DataMovement.SCATTER_GATHER)));

    DagSpec sized = dag.withOneContainerSize();

    assertThat(sized.vertices()).extracting(VertexSpec::memoryMb).containsOnly(4096);
    assertThat(sized.vertices()).extracting(VertexSpec::vcores).containsOnly(2);
    assertThat(sized.vertices()).extracting(VertexSpec::tasks).isEqualTo(dag.vertices().stream().map(VertexSpec::tasks).toList());
    assertThat(sized.edges()).isEqualTo(dag.edges());
  }
}
