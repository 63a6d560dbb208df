package io.tezext.splitgen.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.orc.CompressionKind;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.splitgen.TestOrc;
import io.tezext.splitgen.predicate.PredicateParser;
import io.tezext.splitgen.predicate.SearchArguments;

class StripeEliminationTest {
  private static final int ROWS = 300_000;
  private static final Configuration CONF = new Configuration();

  @TempDir
  static Path dir;
  private static FileTail ids;

  @BeforeAll
  static void writeFiles() throws IOException {
    ids = tail(TestOrc.write(dir.resolve("ids.orc"), 0, ROWS, CompressionKind.ZLIB, 64 << 10,
        TypeDescription.fromString("struct<id:bigint,v:string>")));
    assertThat(ids.stripes()).hasSizeGreaterThan(4);
  }

  private static FileTail tail(Path file) throws IOException {
    FileSystem fs = FileSystem.getLocal(CONF);
    return TailReader.read(fs, fs.getFileStatus(TestOrc.hadoop(file)), CONF);
  }

  private static boolean[] keep(FileTail tail, String predicate) throws IOException {
    return new StripeElimination(new SearchArguments(PredicateParser.parse(predicate)), false).keep(tail);
  }

  /** Whether the stripe holding ids [first, first + rows) may hold an id in [low, high]. */
  private static boolean[] overlapping(long low, long high) {
    boolean[] expected = new boolean[ids.stripes().size()];
    long first = 0;
    for (int i = 0; i < expected.length; i++) {
      Stripe s = ids.stripes().get(i);
      expected[i] = first <= high && first + s.rows() - 1 >= low;
      first += s.rows();
    }
    return expected;
  }

  @Test
  void aRangeKeepsOnlyTheStripesItOverlaps() throws IOException {
    long low = ROWS / 3;
    long high = ROWS / 3 + 50_000;
    assertThat(keep(ids, "id between " + low + " and " + high)).containsExactly(overlapping(low, high));
    assertThat(keep(ids, "id >= " + low + " and id <= " + high)).containsExactly(overlapping(low, high));
    assertThat(keep(ids, "id < 10 or id > " + (ROWS - 10)))
        .containsExactly(or(overlapping(0, 9), overlapping(ROWS - 9, ROWS)));
    assertThat(keep(ids, "id in (5, " + (ROWS - 1) + ")")).containsExactly(or(overlapping(5, 5),
        overlapping(ROWS - 1, ROWS - 1)));
  }

  @Test
  void aPredicateNoRowMeetsDropsEveryStripe() throws IOException {
    assertThat(keep(ids, "id < 0")).containsOnly(false);
    assertThat(keep(ids, "id is null")).containsOnly(false); // the ids have no nulls
    assertThat(keep(ids, "not id is null")).containsOnly(true);
    assertThat(keep(ids, "not id between 0 and " + ROWS)).containsOnly(false);
  }

  @Test
  void aColumnTheFileDoesNotNameNeverDropsAStripe() throws IOException {
    FileTail old = tail(TestOrc.write(dir.resolve("old.orc"), 0, 100_000, CompressionKind.ZLIB, 64 << 10,
        TypeDescription.fromString("struct<_col0:bigint,_col1:string>")));
    assertThat(old.stripes()).hasSizeGreaterThan(1);
    assertThat(keep(old, "id < 0")).containsOnly(true);
    assertThat(keep(ids, "missing < 0")).containsOnly(true);
    assertThat(keep(ids, "missing < 0 and id < 0")).containsOnly(false); // the known column still decides
    assertThat(keep(ids, "missing < 0 or id < 0")).containsOnly(true);
  }

  @Test
  void anIntegerColumnComparedWithAFractionAndAnUnknownColumnWithMixedLiteralsWork() throws IOException {
    assertThat(keep(ids, "id > 10.5 and id < 11.5")).containsExactly(overlapping(11, 11));
    assertThat(keep(ids, "id < -0.5")).containsOnly(false);
    assertThat(keep(ids, "missing in (1, 2.5, 'x') and missing between 1 and 2.5")).containsOnly(true);
    StripeElimination named = new StripeElimination(
        new SearchArguments(PredicateParser.parse("missing = 1 or id < 0 or Id < 0")), false);
    named.keep(ids);
    assertThat(named.unresolvedColumns()).containsExactly("missing", "Id");
    assertThat(named.columnsMissingFromSomeFiles()).isEmpty();
  }

  @Test
  void aColumnSomeFilesLackIsCountedAndKeepsTheirStripes() throws IOException {
    FileTail older = tail(TestOrc.write(dir.resolve("older.orc"), 0, 100_000, CompressionKind.ZLIB, 64 << 10,
        TypeDescription.fromString("struct<id:bigint>")));
    StripeElimination elimination = new StripeElimination(new SearchArguments(PredicateParser.parse("v = 'x'")),
        false);
    assertThat(elimination.keep(older)).containsOnly(true);
    elimination.keep(ids);
    assertThat(elimination.columnsMissingFromSomeFiles()).containsExactly(org.assertj.core.api.Assertions.entry("v",
        1L));
    assertThat(elimination.unresolvedColumns()).isEmpty();
  }

  @Test
  void literalsTakeTheColumnsTypes() throws IOException {
    FileTail full = tail(TestOrc.write(dir.resolve("full.orc"), 0, 50_000));
    assertThat(keep(full, "price > 2000")).containsOnly(false); // decimal(10,2) below 1000
    assertThat(keep(full, "price > 2000.5")).containsOnly(false);
    assertThat(keep(full, "day >= '2099-01-01'")).containsOnly(false);
    assertThat(keep(full, "day >= '2022-01-01'")).containsOnly(true);
    assertThat(keep(full, "name = 'zzz'")).containsOnly(false);
    assertThat(keep(full, "attrs.a > 100")).containsOnly(false);
  }

  @Test
  void aLiteralThatCannotTakeItsColumnsTypeNamesTheFileAndColumn() {
    assertThatThrownBy(() -> keep(ids, "id = 'seven'")).hasMessageContaining("ids.orc")
        .hasMessageContaining("predicate on id (bigint)").hasMessageContaining("is not a whole number");
    assertThatThrownBy(() -> keep(ids, "v = 5")).hasMessageContaining("is not a 'quoted string'");
    assertThatThrownBy(() -> keep(ids, "v = 5")).hasMessageContaining("is not a 'quoted string'");
  }

  @Test
  void aFileWithNoRowsHasNothingToDrop() throws IOException {
    FileTail empty = tail(TestOrc.write(dir.resolve("empty.orc"), 0, 0));
    assertThat(keep(empty, "id < 0")).isEmpty();
  }

  private static boolean[] or(boolean[] a, boolean[] b) {
    boolean[] r = new boolean[a.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = a[i] || b[i];
    }
    return r;
  }
}
