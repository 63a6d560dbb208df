package io.tezext.splitgen.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.tezext.splitgen.orc.Stripe;

class StripeCutterTest {
  private static final long MB = 1 << 20;

  /** Stripes of the given sizes in MB, back to back from offset 3 (ORC's magic), 1,000 rows per MB. */
  private static List<Stripe> stripes(long... mb) {
    List<Stripe> stripes = new ArrayList<>();
    long offset = 3;
    for (long m : mb) {
      stripes.add(new Stripe(offset, m * MB, m * 1_000));
      offset += m * MB;
    }
    return stripes;
  }

  private static List<String> ranges(List<PlannedSplit> splits) {
    return splits.stream().map(s -> s.firstStripe() + "+" + s.stripes()).toList();
  }

  @Test
  void stripesAreGroupedUpToTheMaximumAndNeverCut() {
    List<PlannedSplit> splits = new StripeCutter(new SplitSizes(MB, 100 * MB)).cut("f", stripes(40, 40, 40, 40, 30),
        List.of());
    assertThat(ranges(splits)).containsExactly("0+2", "2+2", "4+1");
    assertThat(splits.get(1).start()).isEqualTo(3 + 80 * MB);
    assertThat(splits.get(1).length()).isEqualTo(80 * MB);
    assertThat(splits.stream().mapToLong(PlannedSplit::rows).sum()).isEqualTo(190_000);
  }

  @Test
  void aStripeLargerThanTheMaximumIsASplitOfItsOwn() {
    List<PlannedSplit> splits = new StripeCutter(new SplitSizes(MB, 64 * MB)).cut("f", stripes(10, 200, 10),
        List.of());
    assertThat(ranges(splits)).containsExactly("0+1", "1+1", "2+1");
    assertThat(splits.get(1).length()).isEqualTo(200 * MB);
  }

  @Test
  void onceAtTheMinimumASplitEndsWhereTheNextStripeStartsAnotherBlock() {
    // Blocks of 128 MB; stripes of 60 MB: the third stripe starts in the second block.
    List<Block> blocks = List.of(new Block(0, 128 * MB, List.of("a", "b")), new Block(128 * MB, 128 * MB,
        List.of("c", "d")), new Block(256 * MB, 128 * MB, List.of("e")));
    List<PlannedSplit> splits = new StripeCutter(new SplitSizes(64 * MB, 512 * MB)).cut("f",
        stripes(60, 60, 60, 60, 60), blocks);
    assertThat(ranges(splits)).containsExactly("0+3", "3+2");
    assertThat(splits.get(0).hosts()).containsExactly("a", "b", "c"); // a, b hold 128 MB of its 180, c and d 52
  }

  @Test
  void belowTheMinimumABlockEdgeDoesNotEndASplit() {
    List<Block> blocks = List.of(new Block(0, 16 * MB, List.of("a")), new Block(16 * MB, 16 * MB, List.of("b")));
    List<PlannedSplit> splits = new StripeCutter(new SplitSizes(64 * MB, 512 * MB)).cut("f", stripes(10, 10, 10),
        blocks);
    assertThat(ranges(splits)).containsExactly("0+3");
  }

  @Test
  void hostsAreThoseHoldingMostOfTheSplitsBytes() {
    List<Block> blocks = List.of(new Block(0, 100, List.of("x", "y")), new Block(100, 300, List.of("y", "z")));
    assertThat(StripeCutter.hostsHoldingMost(blocks, 50, 400)).containsExactly("y", "z", "x");
    assertThat(StripeCutter.hostsHoldingMost(List.of(), 0, 10)).isEmpty();
  }

  @Test
  void aFileWithoutStripesHasNoSplits() {
    assertThat(new StripeCutter(new SplitSizes(1, 10)).cut("empty", List.of(), List.of())).isEmpty();
  }

  @Test
  void everyStripeIsInExactlyOneSplitInOrderForAnySizes() {
    Random random = new Random(11);
    for (int run = 0; run < 500; run++) {
      long[] mb = new long[1 + random.nextInt(40)];
      for (int i = 0; i < mb.length; i++) {
        mb[i] = 1 + random.nextInt(300);
      }
      long min = (1 + random.nextInt(200)) * MB;
      SplitSizes sizes = new SplitSizes(min, min + random.nextInt(300) * MB);
      List<Block> blocks = new ArrayList<>();
      for (long off = 0; off < 20_000 * MB; off += 128 * MB) {
        blocks.add(new Block(off, 128 * MB, List.of("h" + (off / (128 * MB)) % 7)));
      }
      List<Stripe> stripes = stripes(mb);
      List<PlannedSplit> splits = new StripeCutter(sizes).cut("f", stripes, blocks);
      int next = 0;
      for (PlannedSplit s : splits) {
        assertThat(s.firstStripe()).isEqualTo(next);
        assertThat(s.length() <= sizes.maxBytes() || s.stripes() == 1).isTrue();
        next += s.stripes();
      }
      assertThat(next).isEqualTo(stripes.size());
    }
  }

  @Test
  void badSizesAreRefused() {
    assertThatThrownBy(() -> new SplitSizes(10, 5)).hasMessageContaining("1 <= min <= max");
  }
}
