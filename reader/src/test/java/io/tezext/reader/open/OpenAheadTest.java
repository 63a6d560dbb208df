package io.tezext.reader.open;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class OpenAheadTest {
  private static final long MB = 1 << 20;

  /** A reader that knows its split and whether it was closed. */
  static final class FakeReader implements Closeable {
    final int split;
    boolean closed;

    FakeReader(int split) {
      this.split = split;
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  /** Opens fake readers, recording every open; the splits in {@link #failing} fail. */
  static final class FakeOpener implements SplitOpener<FakeReader> {
    final List<Integer> opened = new ArrayList<>();
    final List<FakeReader> readers = new ArrayList<>();
    final Set<Integer> failing = new HashSet<>();

    @Override
    public FakeReader open(int split) throws IOException {
      opened.add(split);
      if (failing.contains(split)) {
        throw new IOException("disk on fire");
      }
      FakeReader r = new FakeReader(split);
      readers.add(r);
      return r;
    }

    long openUnclosed() {
      return readers.stream().filter(r -> !r.closed).count();
    }
  }

  private final ManualExecutor executor = new ManualExecutor();
  private final FakeOpener opener = new FakeOpener();

  private OpenAhead<FakeReader> openAhead(int splits, int readers) {
    return openAhead(splits, readers, Long.MAX_VALUE, i -> MB);
  }

  private OpenAhead<FakeReader> openAhead(int splits, int readers, long bytes,
      java.util.function.IntToLongFunction sizes) {
    return new OpenAhead<>(splits, opener, sizes, i -> "part-" + i, new OpenAheadLimits(readers, bytes), executor);
  }

  @Nested
  class Order {
    @Test
    void readersComeOutInSplitOrderWhateverOrderTheirOpensFinish() throws IOException {
      OpenAhead<FakeReader> ahead = openAhead(6, 10);
      executor.runAllNewestFirst(); // split 5 opens first, split 0 last
      assertThat(opener.opened).containsExactly(5, 4, 3, 2, 1, 0);
      List<Integer> handed = new ArrayList<>();
      for (FakeReader r = ahead.next(); r != null; r = ahead.next()) {
        handed.add(r.split);
      }
      assertThat(handed).containsExactly(0, 1, 2, 3, 4, 5);
    }

    @Test
    void everySplitIsOpenedOnceAndHandedOutOnce() throws IOException {
      OpenAhead<FakeReader> ahead = openAhead(7, 3);
      List<Integer> handed = new ArrayList<>();
      while (true) {
        executor.runAllNewestFirst();
        FakeReader r = ahead.next();
        if (r == null) {
          break;
        }
        handed.add(r.split);
      }
      assertThat(handed).containsExactly(0, 1, 2, 3, 4, 5, 6);
      assertThat(opener.opened).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6);
      assertThat(ahead.next()).isNull();
    }

    @Test
    void aGroupOfNoSplitsEndsAtOnce() throws IOException {
      assertThat(openAhead(0, 4).next()).isNull();
      assertThat(executor.queued()).isZero();
    }
  }

  @Nested
  class Limits {
    @Test
    void atMostKReadersAreOpenedAheadOfTheRead() throws IOException {
      OpenAhead<FakeReader> ahead = openAhead(10, 3);
      assertThat(executor.queued()).isEqualTo(3);
      executor.runAllNewestFirst();
      assertThat(executor.queued()).isZero(); // three open, none handed out: no fourth
      ahead.next();
      assertThat(executor.queued()).isEqualTo(1); // split 3, as split 0 left
      assertThat(ahead.counts().started()).isEqualTo(4);
    }

    @Test
    void opensAheadStopAtTheByteBound() throws IOException {
      long[] sizes = {40 * MB, 40 * MB, 40 * MB, 10 * MB};
      OpenAhead<FakeReader> ahead = openAhead(4, 10, 100 * MB, i -> sizes[i]);
      assertThat(executor.queued()).isEqualTo(2); // a third 40 MB would pass 100 MB
      executor.runAllNewestFirst();
      ahead.next();
      assertThat(executor.queued()).isEqualTo(2); // 40 + 40 + 10 fits once split 0 left
    }

    @Test
    void aSplitLargerThanTheByteBoundStillOpensWhenNothingIsAhead() throws IOException {
      OpenAhead<FakeReader> ahead = openAhead(2, 10, 10 * MB, i -> 64 * MB);
      assertThat(executor.queued()).isEqualTo(1);
      executor.runAllNewestFirst();
      assertThat(ahead.next().split).isZero();
      executor.runAllNewestFirst();
      assertThat(ahead.next().split).isEqualTo(1);
    }

    @Test
    void withNoReadersAheadEachSplitOpensOnlyWhenTheReadReachesIt() throws IOException {
      OpenAhead<FakeReader> ahead =
          new OpenAhead<>(3, opener, i -> MB, i -> "part-" + i, new OpenAheadLimits(0, 0), Runnable::run);
      assertThat(opener.opened).isEmpty();
      assertThat(ahead.next().split).isZero();
      assertThat(opener.opened).containsExactly(0);
      assertThat(ahead.next().split).isEqualTo(1);
      assertThat(opener.opened).containsExactly(0, 1);
    }
  }

  @Nested
  class Failures {
    @Test
    void aFailedOpenSurfacesAtItsSplitAfterTheSplitsBeforeItNamingIt() throws IOException {
      opener.failing.add(2);
      OpenAhead<FakeReader> ahead = openAhead(6, 4);
      executor.runAllNewestFirst(); // 3 opens, 2 fails, then 1 and 0 open
      assertThat(ahead.next().split).isZero();
      assertThat(ahead.next().split).isEqualTo(1);
      assertThatThrownBy(ahead::next).isInstanceOf(IOException.class)
          .hasMessageContaining("split 3 of 6 (part-2)").hasMessageContaining("disk on fire");
      FakeReader afterTheFailure = opener.readers.stream().filter(r -> r.split == 3).findFirst().orElseThrow();
      assertThat(afterTheFailure.closed).isTrue();
      assertThat(ahead.counts().started()).isEqualTo(4); // nothing opened once the failure was known
      assertThatThrownBy(ahead::next).isInstanceOf(IOException.class);
    }

    @Test
    void aReaderTheInputFormatDidNotGiveIsAFailedOpen() throws IOException {
      OpenAhead<FakeReader> ahead =
          new OpenAhead<>(1, split -> null, i -> MB, i -> "part-" + i, new OpenAheadLimits(2, MB), executor);
      executor.runAllNewestFirst();
      assertThatThrownBy(ahead::next).hasMessageContaining("returned no reader");
    }

    @Test
    void anUncheckedFailureInAnOpenIsReportedNotLost() throws IOException {
      OpenAhead<FakeReader> ahead = new OpenAhead<>(2, split -> {
        throw new IllegalStateException("bad footer");
      }, i -> MB, i -> "part-" + i, new OpenAheadLimits(2, 10 * MB), executor);
      executor.runAllNewestFirst();
      assertThatThrownBy(ahead::next).hasMessageContaining("part-0").hasMessageContaining("bad footer");
    }
  }

  @Nested
  class EarlyClose {
    @Test
    void closeClosesEveryReaderOpenedAheadAndOpensNoMore() throws IOException {
      OpenAhead<FakeReader> ahead = openAhead(10, 4);
      executor.runAllNewestFirst();
      FakeReader reading = ahead.next();
      ahead.close(); // a LIMIT was reached
      assertThat(opener.readers).filteredOn(r -> r != reading).allMatch(r -> r.closed);
      assertThat(reading.closed).as("the reader handed out is its reader's to close").isFalse();
      assertThat(ahead.counts().closedUnread()).isEqualTo(3);
      executor.runAllNewestFirst(); // split 4's open, queued when split 0 was handed out
      assertThat(opener.opened).doesNotContain(4);
    }

    @Test
    void aReaderWhoseOpenFinishesAfterCloseIsClosed() throws IOException {
      OpenAhead<FakeReader> ahead = openAhead(3, 3);
      executor.run(0); // split 0 opens; splits 1 and 2 are still opening when the read closes
      ahead.close();
      executor.runAllNewestFirst();
      assertThat(opener.openUnclosed()).isZero();
    }

    @Test
    void anOpenNotYetBegunWhenTheReadClosesNeverRuns() throws IOException {
      OpenAhead<FakeReader> ahead = openAhead(3, 3);
      ahead.close();
      executor.runAllNewestFirst();
      assertThat(opener.opened).isEmpty();
      assertThatThrownBy(ahead::next).hasMessageContaining("closed");
    }

    @Test
    void closingTwiceIsHarmless() throws IOException {
      OpenAhead<FakeReader> ahead = openAhead(3, 3);
      executor.runAllNewestFirst();
      ahead.close();
      ahead.close();
      assertThat(ahead.counts().closedUnread()).isEqualTo(3);
    }
  }
}
