package io.tezext.splitgen.orc;

import java.util.List;

import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.TypeDescription;


/**
 * An ORC file's tail as read for planning: its stripes and rows, its serialized tail ({@code
 * OrcProto.FileTail}: postscript and footer without the file's column statistics, what a task can be
 * handed instead of reading it again), what stripe elimination needs (schema, writer version and
 * calendar, each stripe's column statistics), and the version of the file it was read from, so that
 * a task can check the file is still the one its split was planned on.
 *
 * @param rows the rows the footer records; {@link #UNKNOWN_ROWS} where the footer cannot be
 *     believed (old writers recorded 0 rows for stripes that hold data)
 * @param encrypted whether the file has encrypted columns (its tail is then not handed to tasks:
 *     orc-core needs the whole tail to decrypt)
 */
public record FileTail(String path, FileVersion version, byte[] serializedTail, List<Stripe> stripes,
    long rows, TypeDescription schema, OrcFile.WriterVersion writerVersion, boolean prolepticGregorian,
    boolean encrypted, List<OrcProto.StripeStatistics> stripeStatistics) {
  /** Rows not known from the footer. */
  public static final long UNKNOWN_ROWS = -1;

  public FileTail {
    stripes = List.copyOf(stripes);
    stripeStatistics = List.copyOf(stripeStatistics);
  }

  /**
   * The serialized tail a split of this file carries to its task, so that the task does not read it
   * again; null when it is over {@code maxBytes}, or the file has encrypted columns.
   */
  public byte[] tailForSplits(long maxBytes) {
    return !encrypted && serializedTail.length <= maxBytes ? serializedTail : null;
  }

  public long length() {
    return version.length();
  }

  /** Bytes this tail holds in memory, about: what the tail cache bounds. */
  public long bytes() {
    long bytes = serializedTail.length + 64L * stripes.size();
    for (OrcProto.StripeStatistics s : stripeStatistics) {
      bytes += s.getSerializedSize();
    }
    return bytes;
  }
}
