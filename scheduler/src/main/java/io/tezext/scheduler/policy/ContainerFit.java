package io.tezext.scheduler.policy;

import java.util.List;
import java.util.function.BiPredicate;

import io.tezext.scheduler.containers.HeldContainer;
import io.tezext.scheduler.requests.PendingRequest;

/** Whether a held container can run a task: its size, and its JVM's launch context (Tez's container signature). */
final class ContainerFit {
  private final BiPredicate<Object, Object> signatureFits;

  /**
   * @param signatureFits whether a container whose JVM has the first signature can run a task of
   *     the second (Tez's {@code ContainerSignatureMatcher.isSuperSet})
   */
  ContainerFit(BiPredicate<Object, Object> signatureFits) {
    this.signatureFits = signatureFits;
  }

  boolean fits(HeldContainer c, long memoryMb, int vcores, Object signature) {
    return c.fits(memoryMb, vcores) && (c.signature == null || signatureFits.test(c.signature, signature));
  }

  boolean fits(HeldContainer c, PendingRequest r) {
    return fits(c, r.memoryMb, r.vcores, r.signature);
  }

  /**
   * Whether a task of one of these requests' vertices could run in the container; one request per
   * vertex will do, since Tez gives a vertex's tasks one size and launch context.
   */
  boolean fitsAny(HeldContainer c, List<PendingRequest> firstOfEachVertex) {
    for (PendingRequest r : firstOfEachVertex) {
      if (fits(c, r)) {
        return true;
      }
    }
    return false;
  }
}
