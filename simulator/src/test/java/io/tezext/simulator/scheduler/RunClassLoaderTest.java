package io.tezext.simulator.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.net.Node;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.junit.jupiter.api.Test;

import io.tezext.simulator.cluster.Topology;

class RunClassLoaderTest {
  private static final String DAGAWARE = SchedulerKind.DAGAWARE.className();
  private static final String TASK_REQUEST = "org.apache.tez.dag.app.rm.DagAwareYarnTaskScheduler$TaskRequest";
  private static final Topology TOPOLOGY = new Topology(Map.of("h1", "/r1", "h2", "/r2"));

  private static List<Object> taskRequests(ClassLoader loader, int n) throws Exception {
    Constructor<?> c = Class.forName(TASK_REQUEST, true, loader).getDeclaredConstructor(Object.class, int.class,
        Resource.class, String[].class, String[].class, Priority.class, Object.class, Object.class);
    c.setAccessible(true);
    List<Object> requests = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      requests.add(c.newInstance("task" + i, 0, Resource.newInstance(1024, 1), null, null, Priority.newInstance(1),
          null, null));
    }
    return requests;
  }

  private static List<Integer> hashes(List<Object> objects) {
    return objects.stream().map(Object::hashCode).toList();
  }

  @Test
  void tezObjectsThatHashByIdentityGetTheSameHashesInEveryRun() throws Exception {
    List<Object> first = taskRequests(new RunClassLoader(DAGAWARE, TOPOLOGY), 5);
    List<Object> second = taskRequests(new RunClassLoader(DAGAWARE, TOPOLOGY), 5);

    assertThat(hashes(first)).doesNotHaveDuplicates().isEqualTo(hashes(second));
    assertThat(first.get(0).getClass()).isNotSameAs(second.get(0).getClass());
    assertThat(first.get(0).getClass().getDeclaredField(SequenceHashes.FIELD)).isNotNull();
  }

  @Test
  void equalityStaysIdentity() throws Exception {
    List<Object> requests = taskRequests(new RunClassLoader(DAGAWARE, TOPOLOGY), 2);

    assertThat(requests.get(0)).isEqualTo(requests.get(0)).isNotEqualTo(requests.get(1));
  }

  @Test
  void aHashIsAssignedOnFirstUseAndKept() throws Exception {
    List<Object> requests = taskRequests(new RunClassLoader(DAGAWARE, TOPOLOGY), 2);
    int second = requests.get(1).hashCode(); // hashed first, so it takes the first number of the sequence
    int first = requests.get(0).hashCode();

    assertThat(requests.get(1).hashCode()).isEqualTo(second);
    assertThat(second).isEqualTo(0x9E3779B9);
    assertThat(first).isEqualTo(2 * 0x9E3779B9);
  }

  @Test
  void eachRunResolvesRacksOnItsOwnCluster() throws Exception {
    RunClassLoader one = new RunClassLoader(DAGAWARE, new Topology(Map.of("h1", "/r1")));
    RunClassLoader other = new RunClassLoader(DAGAWARE, new Topology(Map.of("h1", "/elsewhere")));

    assertThat(rackOf(one, "h1")).isEqualTo("/r1");
    assertThat(rackOf(other, "h1")).isEqualTo("/elsewhere");
    assertThat(rackOf(one, "unknown-host")).isEqualTo("/default-rack");
  }

  private static String rackOf(ClassLoader loader, String host) throws Exception {
    Class<?> resolver = Class.forName("org.apache.hadoop.yarn.util.RackResolver", true, loader);
    return ((Node) resolver.getMethod("resolve", String.class).invoke(null, host)).getNetworkLocation();
  }
}
