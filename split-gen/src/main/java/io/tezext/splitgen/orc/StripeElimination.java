package io.tezext.splitgen.orc;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.apache.orc.impl.RecordReaderImpl;
import org.apache.orc.impl.SchemaEvolution;

import io.tezext.splitgen.BadInputException;
import io.tezext.splitgen.plan.Stripe;
import io.tezext.splitgen.predicate.SearchArguments;

/**
 * Which stripes of a file a predicate cannot rule out, decided by orc-core's own evaluation: its
 * {@code SargApplier}, the code that picks a stripe's row groups when ORC reads, given each stripe's
 * statistics as one row group spanning the stripe. So ORC's rules hold: writer-version quirks
 * (timestamps before ORC-135, decimal64 before ORC-517, NaN sums) never drop a stripe, and a
 * column it cannot resolve in the file's schema (old files name theirs {@code _col0}, ...) is
 * "maybe". A stripe without statistics for a column the predicate reads is kept.
 */
public final class StripeElimination {
  /** One row group as large as any stripe (a stride ORC's arithmetic does not overflow). */
  private static final long WHOLE_STRIPE = 1L << 40;

  private final SearchArguments predicate;
  private final boolean useUtcTimestamp;

  public StripeElimination(SearchArguments predicate, boolean useUtcTimestamp) {
    this.predicate = predicate;
    this.useUtcTimestamp = useUtcTimestamp;
  }

  /**
   * For each stripe of {@code tail}, whether it may hold a row the predicate accepts.
   *
   * @throws IOException naming the file, for a predicate that does not fit its schema
   */
  public boolean[] keep(FileTail tail) throws IOException {
    boolean[] keep = new boolean[tail.stripes().size()];
    Arrays.fill(keep, true);
    List<OrcProto.StripeStatistics> stats = tail.stripeStatistics();
    if (stats.size() != keep.length) {
      return keep; // no usable statistics (old writers, or written apart from the stripes)
    }
    SearchArgument sarg;
    try {
      sarg = predicate.forSchema(tail.schema());
    } catch (IllegalArgumentException e) {
      throw new BadInputException(tail.path() + ": " + e.getMessage(), e);
    }
    SchemaEvolution evolution = new SchemaEvolution(tail.schema(), null, new Reader.Options());
    int[] columns = RecordReaderImpl.mapSargColumnsToOrcInternalColIdx(sarg.getLeaves(), evolution);
    RecordReaderImpl.SargApplier applier = new RecordReaderImpl.SargApplier(sarg, WHOLE_STRIPE, evolution,
        tail.writerVersion(), useUtcTimestamp, tail.prolepticGregorian(), false);
    int columnCount = tail.schema().getMaximumId() + 1;
    List<OrcProto.ColumnEncoding> encodings =
        Collections.nCopies(columnCount, OrcProto.ColumnEncoding.getDefaultInstance()); // read only with bloom filters
    for (int s = 0; s < keep.length; s++) {
      OrcProto.RowIndex[] indexes = statisticsAsIndexes(stats.get(s), columns, columnCount);
      if (indexes != null) {
        boolean[] groups = applier.pickRowGroups(new StripeRows(tail.stripes().get(s)), indexes, null, encodings,
            null, true);
        keep[s] = groups != RecordReaderImpl.SargApplier.READ_NO_RGS;
      }
    }
    return keep;
  }

  /**
   * The stripe's statistics of the columns the argument reads, each as a row index of one entry;
   * null if the stripe lacks statistics for one of them.
   */
  private static OrcProto.RowIndex[] statisticsAsIndexes(OrcProto.StripeStatistics stripe, int[] columns,
      int columnCount) {
    OrcProto.RowIndex[] indexes = new OrcProto.RowIndex[columnCount];
    for (int column : columns) {
      if (column < 0) {
        continue; // unresolved: orc-core answers "maybe" without looking
      }
      if (column >= stripe.getColStatsCount()) {
        return null;
      }
      indexes[column] = OrcProto.RowIndex.newBuilder()
          .addEntry(OrcProto.RowIndexEntry.newBuilder().setStatistics(stripe.getColStats(column))).build();
    }
    return indexes;
  }

  /** A stripe as the applier reads it: only its row count matters (one row group). */
  private record StripeRows(Stripe stripe) implements StripeInformation {
    @Override
    public long getOffset() {
      return stripe.offset();
    }

    @Override
    public long getLength() {
      return stripe.length();
    }

    @Override
    public long getIndexLength() {
      return 0;
    }

    @Override
    public long getDataLength() {
      return stripe.length();
    }

    @Override
    public long getFooterLength() {
      return 0;
    }

    @Override
    public long getNumberOfRows() {
      return stripe.rows();
    }

    @Override
    public long getStripeId() {
      return -1;
    }

    @Override
    public boolean hasEncryptionStripeId() {
      return false;
    }

    @Override
    public long getEncryptionStripeId() {
      return -1;
    }

    @Override
    public byte[][] getEncryptedLocalKeys() {
      return new byte[0][];
    }
  }
}
