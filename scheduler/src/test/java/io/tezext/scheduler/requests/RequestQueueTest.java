package io.tezext.scheduler.requests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import io.tezext.scheduler.locality.LocalityPlan;

class RequestQueueTest {
  private long sequence;

  private PendingRequest request(int priority) {
    return new PendingRequest("task" + sequence, null, 0, priority, 1024, 1, null, null, 0, sequence++,
        LocalityPlan.relaxed());
  }

  @Test
  void keepsPriorityThenSequenceOrderThroughSeededChurn() {
    Random random = new Random(7);
    RequestQueue queue = new RequestQueue();
    TreeSet<PendingRequest> expected = new TreeSet<>(PendingRequest.ORDER);
    List<PendingRequest> out = new ArrayList<>(); // removed, to be added back late (promoted, re-planned)
    for (int step = 0; step < 20_000; step++) {
      int choice = random.nextInt(10);
      if (choice < 4) {
        PendingRequest r = request(random.nextInt(4) * 3);
        queue.add(r);
        expected.add(r);
      } else if (choice < 5 && !out.isEmpty()) {
        PendingRequest r = out.remove(random.nextInt(out.size()));
        queue.add(r);
        expected.add(r);
      } else if (!expected.isEmpty()) {
        // Mostly from the front, as assignment takes them, sometimes from anywhere.
        List<PendingRequest> now = new ArrayList<>(expected);
        PendingRequest r = now.get(choice < 8 ? 0 : random.nextInt(now.size()));
        assertThat(queue.remove(r)).isTrue();
        expected.remove(r);
        if (random.nextBoolean()) {
          out.add(r);
        }
      }
      assertThat(queue.size()).isEqualTo(expected.size());
      if (step % 97 == 0) {
        assertThat(queue).containsExactlyElementsOf(expected);
        assertThat(queue.first()).isEqualTo(expected.isEmpty() ? null : expected.first());
      }
    }
    assertThat(queue).containsExactlyElementsOf(expected);
  }

  @Test
  void removingWhatIsNotQueuedChangesNothing() {
    RequestQueue queue = new RequestQueue();
    PendingRequest queued = request(1);
    queue.add(queued);
    assertThat(queue.remove(request(1))).isFalse();
    assertThat(queue.remove(request(2))).isFalse();
    assertThat(queue).containsExactly(queued);
  }

  @Test
  void refusesTheSameRequestTwice() {
    RequestQueue queue = new RequestQueue();
    PendingRequest first = request(1);
    queue.add(first);
    queue.add(request(1));
    assertThatThrownBy(() -> queue.add(first)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("already queued");
  }

  @Test
  void atPriorityListsOnlyThatPriorityInOrder() {
    RequestQueue queue = new RequestQueue();
    PendingRequest a = request(2);
    PendingRequest b = request(1);
    PendingRequest c = request(2);
    queue.add(c);
    queue.add(b);
    queue.add(a);
    assertThat(queue.atPriority(2)).containsExactly(a, c);
    assertThat(queue.atPriority(3)).isEmpty();
    assertThat(queue).containsExactly(b, a, c);
  }

  @Test
  void anIteratorFailsOnAChangeMadeWhileItRuns() {
    RequestQueue queue = new RequestQueue();
    queue.add(request(1));
    Iterator<PendingRequest> walk = queue.iterator();
    queue.add(request(1));
    assertThatThrownBy(walk::hasNext).isInstanceOf(ConcurrentModificationException.class);
  }
}
