package io.tezext.scheduler.tez;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.contains;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.QueueStatistics;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.proto.YarnServiceProtos.SchedulerResourceTypes;
import org.apache.hadoop.yarn.util.RackResolver;
import org.apache.hadoop.yarn.util.Records;
import org.apache.tez.common.ContainerSignatureMatcher;
import org.apache.tez.common.TezUtils;
import org.apache.tez.serviceplugins.api.DagInfo;
import org.apache.tez.serviceplugins.api.ServicePluginErrorDefaults;
import org.apache.tez.serviceplugins.api.TaskSchedulerContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * The Tez adapter around the policy: what it tells YARN's client and the AM, driven as the
 * simulator drives it (a given clock, timer executor and synchronous client), against mocks.
 */
@SuppressWarnings("unchecked")
class TezextTaskSchedulerTest {
  private static final ApplicationAttemptId APP = ApplicationAttemptId.newInstance(ApplicationId.newInstance(1, 1), 1);
  private static final Resource GB = Resource.newInstance(1024, 1);
  private static final Priority P5 = Priority.newInstance(5);

  private final AtomicLong clock = new AtomicLong();
  private final TaskSchedulerContext context = mock(TaskSchedulerContext.class);
  private final AMRMClient<ContainerRequest> client = mock(AMRMClient.class);
  private final ScheduledExecutorService timer = mock(ScheduledExecutorService.class);
  private final DagInfo dag = mock(DagInfo.class);
  private final Configuration dagConf = new Configuration(false);

  @BeforeAll
  static void racks() {
    RackResolver.init(new Configuration()); // no topology script: every host on /default-rack
  }

  /** What the scheduler gave its timer executor, in order, with the delay in ms. */
  private final List<Runnable> timerTasks = new ArrayList<>();
  private final List<Long> timerDelaysMs = new ArrayList<>();

  private TezextTaskScheduler started(String... amKeys) throws Exception {
    return started(null, amKeys);
  }

  private TezextTaskScheduler started(Function<String, QueueStatistics> queueStatistics, String... amKeys)
      throws Exception {
    Configuration conf = new Configuration(false);
    for (int i = 0; i < amKeys.length; i += 2) {
      conf.set(amKeys[i], amKeys[i + 1]);
    }
    when(context.getInitialUserPayload()).thenReturn(TezUtils.createUserPayloadFromConf(conf));
    ContainerSignatureMatcher matcher = mock(ContainerSignatureMatcher.class);
    when(matcher.isSuperSet(any(), any())).thenReturn(true);
    when(context.getContainerSignatureMatcher()).thenReturn(matcher);
    when(context.getCurrentDagInfo()).thenReturn(dag);
    when(context.getVertexIndexForTask(any())).thenReturn(0);
    when(dag.getIndex()).thenReturn(1);
    when(dag.getName()).thenReturn("q1");
    when(dag.getConf()).thenReturn(dagConf);
    when(dag.getTotalVertices()).thenReturn(2);
    when(dag.getVertexDescendants(anyInt())).thenReturn(new BitSet());
    RegisterApplicationMasterResponse registered = mock(RegisterApplicationMasterResponse.class);
    when(registered.getMaximumResourceCapability()).thenReturn(Resource.newInstance(8192, 8));
    when(registered.getClientToAMTokenMasterKey()).thenReturn(ByteBuffer.allocate(0));
    when(registered.getSchedulerResourceTypes()).thenReturn(EnumSet.of(SchedulerResourceTypes.MEMORY));
    when(registered.getQueue()).thenReturn("etl");
    when(client.registerApplicationMaster(any(), anyInt(), any())).thenReturn(registered);
    when(client.getAvailableResources()).thenReturn(Resource.newInstance(0, 0));
    when(client.getClusterNodeCount()).thenReturn(10);
    when(timer.schedule(any(Runnable.class), anyLong(), any(TimeUnit.class))).thenAnswer(i -> {
      timerTasks.add(i.getArgument(0));
      timerDelaysMs.add(i.<TimeUnit>getArgument(2).toMillis(i.getArgument(1)));
      return mock(ScheduledFuture.class);
    });
    TezextTaskScheduler scheduler = new TezextTaskScheduler(context, clock::get, timer, client, queueStatistics);
    scheduler.initialize();
    scheduler.start();
    return scheduler;
  }

  private static Container container(long id, String host) {
    return Container.newInstance(ContainerId.newContainerId(APP, id), NodeId.newInstance(host, 8041), host + ":8042",
        GB, P5, null);
  }

  private ContainerRequest lastAsk() {
    ArgumentCaptor<ContainerRequest> ask = ArgumentCaptor.forClass(ContainerRequest.class);
    verify(client, org.mockito.Mockito.atLeastOnce()).addContainerRequest(ask.capture());
    return ask.getValue();
  }

  @Test
  void itRegistersWithYarnAndHandsTheAmWhatYarnSaid() throws Exception {
    started();
    verify(client).registerApplicationMaster(any(), anyInt(), any());
    verify(context).setApplicationRegistrationData(eq(Resource.newInstance(8192, 8)), any(), any(), any());
  }

  @Test
  void aBadAmKeyFailsInitializeNamingTheKeyAndWhatItAccepts() {
    assertThatThrownBy(() -> started("tezext.scheduler.preemption.max-percentage", "150"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tezext.scheduler.preemption.max-percentage = '150'");
  }

  @Test
  void aDelayTaskAsksYarnForItsNodesAndLetsItRelax() throws Exception {
    dagConf.set("tezext.scheduler.locality.mode", "delay");
    started().allocateTask("t1", GB, new String[] {"h1"}, null, P5, "sig", "c1");
    ContainerRequest ask = lastAsk();
    assertThat(ask.getNodes()).containsExactly("h1");
    assertThat(ask.getRelaxLocality()).isTrue();
    assertThat(ask.getAllocationRequestId()).isZero();
  }

  @Test
  void aStrictTaskAsksWithRelaxLocalityOffUnderARequestIdOfItsOwn() throws Exception {
    dagConf.set("tezext.scheduler.locality.mode", "strict");
    started().allocateTask("t1", GB, new String[] {"h1"}, null, P5, "sig", "c1");
    ContainerRequest ask = lastAsk();
    assertThat(ask.getNodes()).containsExactly("h1");
    assertThat(ask.getRacks()).containsExactly("/default-rack");
    assertThat(ask.getRelaxLocality()).isFalse();
    assertThat(ask.getAllocationRequestId()).isEqualTo(YarnAsks.STRICT_REQUEST_ID);
  }

  @Test
  void anObjectStoreTaskStillNamesItsHintToYarnWithLocalityRelaxed() throws Exception {
    started().allocateTask("t1", GB, new String[] {"localhost"}, null, P5, "sig", "c1");
    ContainerRequest ask = lastAsk();
    assertThat(ask.getNodes()).containsExactly("localhost");
    assertThat(ask.getRelaxLocality()).isTrue();
  }

  @Test
  void inRelaxedModeATaskAsksForAnyNode() throws Exception {
    dagConf.set("tezext.scheduler.locality.mode", "relaxed");
    started().allocateTask("t1", GB, new String[] {"h1"}, null, P5, "sig", "c1");
    ContainerRequest ask = lastAsk();
    assertThat(ask.getNodes()).isNullOrEmpty();
    assertThat(ask.getRelaxLocality()).isTrue();
  }

  @Test
  void aBadDagKeyFailsThatDagOnlyNamingTheKey() throws Exception {
    dagConf.set("tezext.scheduler.locality.mode", "nearby");
    started().allocateTask("t1", GB, new String[] {"h1"}, null, P5, "sig", "c1");
    verify(context).reportError(eq(ServicePluginErrorDefaults.OTHER),
        contains("tezext.scheduler.locality.mode = 'nearby'"), eq(dag));
    verify(client, never()).addContainerRequest(any());
  }

  @Test
  void aContainerYarnAllocatesGoesToTheWaitingTaskAndTezCountsIt() throws Exception {
    TezextTaskScheduler scheduler = started();
    scheduler.allocateTask("t1", GB, null, null, P5, "sig", "c1");
    Container c = container(2, "h1");
    scheduler.onContainersAllocated(List.of(c));
    verify(context).taskAllocated("t1", "c1", c);
    verify(context).containerAllocated(c);
    verify(client).removeContainerRequest(any());
    assertThat(scheduler.getHeldContainersCount()).isEqualTo(1);

    scheduler.deallocateTask("t1", true, null, null);
    scheduler.allocateTask("t2", GB, null, null, P5, "sig", "c2");
    verify(context).containerReused(c);
    verify(context).taskAllocated("t2", "c2", c);
  }

  @Test
  void aStarvedTaskMakesTheHeartbeatPreemptADescendant() throws Exception {
    TezextTaskScheduler scheduler = started();
    BitSet descendantsOf0 = new BitSet();
    descendantsOf0.set(1);
    when(dag.getVertexDescendants(0)).thenReturn(descendantsOf0);
    when(context.getVertexIndexForTask("d1")).thenReturn(1);
    scheduler.allocateTask("d1", GB, null, null, Priority.newInstance(8), "sig", "c-d1");
    Container c = container(2, "h1");
    scheduler.onContainersAllocated(List.of(c));
    scheduler.allocateTask("t0", GB, null, null, P5, "sig", "c-t0"); // no room left, nothing idle
    when(context.getProgress()).thenReturn(0.5f);
    assertThat(scheduler.getProgress()).isEqualTo(0.5f);
    verify(context).preemptContainer(c.getId());
  }

  @Test
  void aLostNodeReachesTheAmAndFreesStrictTasksWaitingForIt() throws Exception {
    dagConf.set("tezext.scheduler.locality.mode", "strict");
    TezextTaskScheduler scheduler = started();
    scheduler.allocateTask("t1", GB, new String[] {"h1"}, null, P5, "sig", "c1");
    NodeReport lost = NodeReport.newInstance(NodeId.newInstance("h1", 8041), NodeState.LOST, "h1:8042",
        "/default-rack", Resource.newInstance(0, 0), GB, 0, "lost", 0);
    scheduler.onNodesUpdated(List.of(lost));
    verify(context).nodesUpdated(List.of(lost));
    verify(client).removeContainerRequest(any());
    ContainerRequest ask = lastAsk();
    assertThat(ask.getNodes()).isNullOrEmpty();
    assertThat(ask.getRelaxLocality()).isTrue();
  }

  @Test
  void whileOtherApplicationsOfItsQueueWaitAnIdleContainerGoesBackAfterTheCrowdedRelease() throws Exception {
    List<String> queuesAsked = new ArrayList<>();
    TezextTaskScheduler scheduler = started(queue -> {
      queuesAsked.add(queue);
      QueueStatistics s = Records.newRecord(QueueStatistics.class);
      s.setPendingMemoryMB(3 * 1024); // the AM's own 1 GB ask and 2 GB of others'
      return s;
    });
    when(client.getAvailableResources()).thenReturn(Resource.newInstance(100 * 1024, 100)); // headroom to spare
    scheduler.allocateTask("t1", GB, null, null, P5, "sig", "c1");
    scheduler.getProgress();
    assertThat(timerDelaysMs).containsExactly(2_000L); // the first poll, set at start
    timerTasks.get(0).run();
    assertThat(queuesAsked).containsExactly("etl"); // the queue YARN registered the AM in
    Container c = container(2, "h1");
    scheduler.onContainersAllocated(List.of(c));
    scheduler.deallocateTask("t1", true, null, null);
    int wake = timerDelaysMs.lastIndexOf(500L);
    assertThat(wake).isPositive(); // the crowded release, not the 5 s idle release
    clock.set(500);
    timerTasks.get(wake).run();
    verify(client).releaseAssignedContainer(c.getId());
  }

  @Test
  void withoutASourceOfQueueStatisticsAnIdleContainerStaysForTheIdleRelease() throws Exception {
    TezextTaskScheduler scheduler = started();
    when(client.getAvailableResources()).thenReturn(Resource.newInstance(100 * 1024, 100));
    scheduler.allocateTask("t1", GB, null, null, P5, "sig", "c1");
    scheduler.getProgress();
    scheduler.onContainersAllocated(List.of(container(2, "h1")));
    scheduler.deallocateTask("t1", true, null, null);
    assertThat(timerDelaysMs).containsExactly(5_000L);
  }

  @Test
  void stoppingHandsBackEveryHeldContainer() throws Exception {
    TezextTaskScheduler scheduler = started();
    List<Container> containers = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      scheduler.allocateTask("t" + i, GB, null, null, P5, "sig", "c" + i);
      containers.add(container(10 + i, "h" + i));
    }
    scheduler.onContainersAllocated(containers);
    scheduler.initiateStop();
    for (Container c : containers) {
      verify(client).releaseAssignedContainer(c.getId());
    }
    assertThat(scheduler.getHeldContainersCount()).isZero();
  }
}
