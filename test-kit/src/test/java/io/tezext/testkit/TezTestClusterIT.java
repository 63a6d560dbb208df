package io.tezext.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.EnumSet;

import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;

import org.apache.tez.client.TezClient;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.client.DAGClient;
import org.apache.tez.dag.api.client.DAGStatus;
import org.apache.tez.dag.api.client.StatusGetOpts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class TezTestClusterIT {

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder().build();

  @Test
  void multiVertexDagMovesEveryRecordThroughBothShufflesAndSucceeds() throws Exception {
    TezConfiguration conf = CLUSTER.tezConfiguration();
    int generators = 3;
    int wordsPerGenerator = 1_000;
    DAG dag = WordCountDag.create("word-count", conf, generators, 2, wordsPerGenerator);

    TezClient client = TezClient.create("tezext-test-kit-it", conf);
    client.start();
    DAGStatus status;
    try {
      DAGClient dagClient = client.submitDAG(dag);
      status = dagClient.waitForCompletionWithStatusUpdates(EnumSet.of(StatusGetOpts.GET_COUNTERS));
    } finally {
      client.stop();
    }

    WordCountDag.assertEveryWordCounted(status, generators, wordsPerGenerator);
  }

  @Test
  void resourceManagerSeesTwoRunningNodeManagersAndLogsStayUnderTarget() throws Exception {
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(CLUSTER.yarnCluster().getConfig());
      yarn.start();
      assertThat(yarn.getNodeReports(NodeState.RUNNING)).hasSize(CLUSTER.nodeManagers());
    }
    assertThat(CLUSTER.workDir()).startsWith(Path.of("target").toAbsolutePath());
  }
}
