package io.tezext.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.QueueInfo;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.tez.client.TezClient;
import org.apache.tez.common.counters.DAGCounter;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.ProcessorDescriptor;
import org.apache.tez.dag.api.TaskLocationHint;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.Vertex;
import org.apache.tez.dag.api.VertexLocationHint;
import org.apache.tez.dag.api.client.DAGStatus;
import org.apache.tez.runtime.api.ProcessorContext;
import org.apache.tez.runtime.library.processor.SimpleProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** NodeManagers with host names of their own, on two racks, under a CapacityScheduler with two queues. */
class HostPerNodeClusterIT {

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder()
      .hostPerNode("/rack-1", "/rack-1", "/rack-2")
      .nodeMemoryMb(1536)
      .queue(CapacityQueue.elastic("session", 50))
      .queue(CapacityQueue.elastic("batch", 50))
      .rmPreemption(RmPreemption.YARN_DEFAULTS)
      .build();

  @Test
  void resourceManagerSeesEachNodeManagerAtItsOwnHostOnItsRackWithItsMemoryAndTheQueuesAsBuilt() throws Exception {
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(CLUSTER.yarnCluster().getConfig());
      yarn.start();
      List<NodeReport> nodes = yarn.getNodeReports(NodeState.RUNNING);
      assertThat(nodes).extracting(n -> n.getNodeId().getHost())
          .containsExactlyInAnyOrder("nm-1.tezext.test", "nm-2.tezext.test", "nm-3.tezext.test");
      assertThat(nodes).extracting(n -> n.getNodeId().getHost() + " " + n.getRackName())
          .contains("nm-1.tezext.test /rack-1", "nm-3.tezext.test /rack-2");
      assertThat(nodes).extracting(n -> n.getCapability().getMemorySize()).containsOnly(1536L);
      QueueInfo batch = yarn.getQueueInfo("batch");
      assertThat(batch.getCapacity()).isEqualTo(0.5f);
      assertThat(batch.getMaximumCapacity()).isEqualTo(1f);
    }
  }

  @Test
  void tasksHintedToEachHostRunThereAndTezCountsThemDataLocal() throws Exception {
    List<String> hosts = CLUSTER.nodeHosts().hosts();
    List<TaskLocationHint> hints = new ArrayList<>();
    for (String host : hosts) {
      hints.add(TaskLocationHint.createTaskLocationHint(java.util.Set.of(host), null));
    }
    Vertex where = Vertex.create("where", ProcessorDescriptor.create(RecordHost.class.getName()), hosts.size())
        .setLocationHint(VertexLocationHint.create(hints));
    DAG dag = DAG.create("one-task-per-host").addVertex(where);

    TezConfiguration conf = CLUSTER.tezConfiguration();
    TezClient client = TezClient.create("host-per-node", conf);
    client.start();
    DAGStatus status;
    try {
      client.waitTillReady();
      status = TezTestCluster.runDag(client, dag, Duration.ofMinutes(3));
    } finally {
      client.stop();
    }

    assertThat(status.getState()).isEqualTo(DAGStatus.State.SUCCEEDED);
    List<String> ranOn = new ArrayList<>();
    status.getDAGCounters().getGroup(RecordHost.GROUP).forEach(c -> ranOn.add(c.getName()));
    assertThat(ranOn).hasSize(hosts.size());
    assertThat(ranOn.stream().map(r -> r.substring(r.indexOf('@') + 1)).distinct()).hasSizeGreaterThan(1);
    // The RM may place a task elsewhere when its node is busy (Tez asks with relaxed locality); Tez
    // counts as data-local exactly the tasks that ran on their hinted host.
    long onHint = java.util.stream.IntStream.range(0, hosts.size())
        .filter(i -> ranOn.contains("task-" + i + "@" + hosts.get(i))).count();
    long dataLocal = status.getDAGCounters().findCounter(DAGCounter.DATA_LOCAL_TASKS).getValue();
    assertThat(onHint).isPositive().isEqualTo(dataLocal);
  }

  /** Counts, under its task's index, the host its container's NodeManager says it runs on. */
  public static final class RecordHost extends SimpleProcessor {
    static final String GROUP = "host";

    public RecordHost(ProcessorContext context) {
      super(context);
    }

    @Override
    public void run() {
      String host = System.getenv("NM_HOST");
      getContext().getCounters().findCounter(GROUP, "task-" + getContext().getTaskIndex() + "@" + host).increment(1);
    }
  }
}
