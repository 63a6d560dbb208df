package io.tezext.splitgen.orc;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.apache.orc.TypeDescription;
import org.apache.orc.impl.RecordReaderImpl;
import org.apache.orc.impl.SchemaEvolution;

import io.tezext.splitgen.BadInputException;

/**
 * Which stripes of a file a predicate cannot rule out, decided by orc-core's own evaluation: its
 * {@code SargApplier}, the code that picks a stripe's row groups when ORC reads, given each stripe's
 * statistics as one row group spanning the stripe. So ORC's rules hold: writer-version quirks
 * (timestamps before ORC-135, decimal64 before ORC-517, NaN sums) never drop a stripe, and a
 * column it cannot resolve in the file's schema (old files name theirs {@code _col0}, ...) is
 * "maybe". A stripe without statistics for a column the predicate reads is kept.
 *
 * <p>It counts, per column the predicate names, the files judged that lack it (a column added to a
 * table after its older files were written, or a misspelt name): such files keep every stripe,
 * which a user may want to know. Thread-safe.
 */
public final class StripeElimination {
  /** One row group as large as any stripe (a stride ORC's arithmetic does not overflow). */
  private static final long WHOLE_STRIPE = 1L << 40;

  private final FilePredicate predicate;
  private final boolean useUtcTimestamp;
  private final Map<String, Long> filesLacking = new LinkedHashMap<>();
  private long filesJudged;

  public StripeElimination(FilePredicate predicate, boolean useUtcTimestamp) {
    this.predicate = predicate;
    this.useUtcTimestamp = useUtcTimestamp;
    predicate.columns().forEach(c -> filesLacking.put(c, 0L));
  }

  /**
   * For each stripe of {@code tail}, whether it may hold a row the predicate accepts.
   *
   * @throws IOException naming the file, for a predicate that does not fit its schema
   */
  public boolean[] keep(FileTail tail) throws IOException {
    boolean[] keep = new boolean[tail.stripes().size()];
    Arrays.fill(keep, true);
    SearchArgument sarg;
    try {
      sarg = predicate.sargFor(tail.schema());
    } catch (IllegalArgumentException e) {
      throw new BadInputException(tail.path() + ": " + e.getMessage(), e);
    }
    SchemaEvolution evolution;
    try {
      evolution = new SchemaEvolution(tail.schema(), predicate.readerSchema(), new Reader.Options());
    } catch (SchemaEvolution.IllegalEvolutionException | IllegalArgumentException e) {
      // A file whose types the table's cannot be read as: the engine's reader decides what it does.
      return keep;
    }
    int[] columns = RecordReaderImpl.mapSargColumnsToOrcInternalColIdx(sarg.getLeaves(), evolution);
    count(evolution);
    List<OrcProto.StripeStatistics> stats = tail.stripeStatistics();
    if (stats.size() != keep.length) {
      return keep; // no usable statistics (old writers, or written apart from the stripes)
    }
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
   * Counts the file's judgement: which of the predicate's columns it lacks, found as orc-core finds
   * a predicate's column (by name in the schema the predicate names, then that column's in the file).
   */
  private void count(SchemaEvolution evolution) {
    Set<String> lacking = new HashSet<>();
    for (String column : predicate.columns()) {
      TypeDescription named;
      try {
        named = evolution.getReaderBaseSchema().findSubtype(column);
      } catch (IllegalArgumentException e) {
        named = null;
      }
      if (named == null || evolution.getFileType(named) == null) {
        lacking.add(column);
      }
    }
    synchronized (this) {
      filesJudged++;
      filesLacking.replaceAll((column, files) -> lacking.contains(column) ? files + 1 : files);
    }
  }

  /**
   * The predicate's columns that no file judged so far had (a misspelt or wrongly cased name drops
   * no stripe anywhere: worth a warning), in the predicate's order.
   */
  public synchronized List<String> unresolvedColumns() {
    return filesLacking.entrySet().stream().filter(e -> filesJudged > 0 && e.getValue() == filesJudged)
        .map(Map.Entry::getKey).toList();
  }

  /**
   * The predicate's columns that some files judged so far lack and others have (a column added to
   * the table after its older files were written), with how many files lack each: those files keep
   * every stripe.
   */
  public synchronized Map<String, Long> columnsMissingFromSomeFiles() {
    Map<String, Long> missing = new LinkedHashMap<>();
    filesLacking.forEach((column, files) -> {
      if (files > 0 && files < filesJudged) {
        missing.put(column, files);
      }
    });
    return missing;
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
