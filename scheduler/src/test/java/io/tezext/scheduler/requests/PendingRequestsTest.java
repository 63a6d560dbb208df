package io.tezext.scheduler.requests;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.tezext.scheduler.locality.LocalityPlan;

class PendingRequestsTest {
  private final PendingRequests pending = new PendingRequests();

  /** A task of vertex 0 wanting {@code host}, asked at time 0: its rack after 100 ms, any node after 200. */
  private PendingRequest add(String task, String host) {
    return pending.add(task, null, 0, 1, 1024, 1, null, null, 0,
        LocalityPlan.delay(List.of(host), List.of("/rack"), 100, 100));
  }

  @Test
  void aRequestGoneIsOfferedByNoIndex() {
    pending.dagStarted(new DagShape(1, v -> new BitSet()));
    PendingRequest a = add("a", "h1");
    PendingRequest b = add("b", "h1");
    PendingRequest c = add("c", "h2");
    pending.promote(200); // all three on their rack and any node
    assertThat(pending.anyReady()).containsExactly(a, b, c);

    assertThat(pending.remove("a")).isSameAs(a);

    assertThat(pending.onHost("h1")).containsExactly(b);
    assertThat(pending.rackReady("/rack")).containsExactly(b, c);
    assertThat(pending.anyReady()).containsExactly(b, c);
    assertThat(pending.all()).containsExactly(b, c);
    assertThat(pending.remove("a")).isNull();
  }

  @Test
  void runnableAtSkipsBlockedVerticesAndFollowsChanges() {
    BitSet belowZero = new BitSet();
    belowZero.set(1);
    pending.dagStarted(new DagShape(2, v -> v == 0 ? belowZero : new BitSet()));
    PendingRequest a = pending.add("a", null, 0, 3, 1024, 1, null, null, 0, LocalityPlan.relaxed());
    pending.add("b", null, 1, 3, 1024, 1, null, null, 0, LocalityPlan.relaxed()); // blocked by vertex 0
    PendingRequest c = pending.add("c", null, 0, 3, 1024, 1, null, null, 0, LocalityPlan.relaxed());
    pending.add("d", null, 0, 4, 1024, 1, null, null, 0, LocalityPlan.relaxed());
    Iterable<PendingRequest> atThree = pending.runnableAt(3);

    assertThat(atThree).containsExactly(a, c);
    pending.remove("a");
    pending.remove("c");
    pending.remove("d");
    assertThat(atThree).as("vertex 1 no longer blocked").extracting(r -> r.task).containsExactly("b");
  }

  @Test
  void anyRunnableAsksEachRunnableVertexOnceAndWalksOnlyThoseThatPass() {
    BitSet belowZero = new BitSet();
    belowZero.set(1);
    pending.dagStarted(new DagShape(3, v -> v == 0 ? belowZero : new BitSet()));
    pending.add("a", null, 0, 3, 8192, 1, null, null, 0, LocalityPlan.relaxed()); // too big below
    pending.add("b", null, 0, 3, 8192, 1, null, null, 0, LocalityPlan.relaxed());
    pending.add("c", null, 1, 6, 1024, 1, null, null, 0, LocalityPlan.relaxed()); // blocked by vertex 0
    pending.add("d", null, 2, 9, 1024, 1, null, null, 0, LocalityPlan.relaxed());
    pending.add("e", null, 2, 9, 1024, 1, null, null, 0, LocalityPlan.relaxed());
    List<Object> asked = new ArrayList<>();

    boolean found = pending.anyRunnable(r -> {
      asked.add(r.task);
      return r.memoryMb <= 4096;
    }, r -> r.task.equals("e"));

    assertThat(found).isTrue();
    assertThat(asked).as("one question for each vertex not blocked").containsExactlyInAnyOrder("a", "d");
    assertThat(pending.anyRunnable(r -> r.memoryMb <= 4096, r -> r.task.equals("c")))
        .as("vertex 1 is blocked").isFalse();
  }
}
