package io.tezext.hive.splits;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.io.AcidInputFormat;
import org.apache.hadoop.hive.ql.io.orc.OrcSplit;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;
import org.apache.orc.OrcProto;
import org.apache.orc.impl.BufferChunk;
import org.apache.orc.impl.OrcTail;

/**
 * Hive's ORC split, which Hive's readers (vectorized among them) take as their own, carrying its
 * file's tail and counts from the planning that made it.
 *
 * <p>The tail: Hive 4.1.0's {@code OrcSplit} writes a tail it carries, but reading it back fails
 * (it builds ORC 2.1's {@code OrcTail} from a null buffer, a NullPointerException in every task), so
 * this split leaves the tail out of Hive's part and carries it in its own, answering Hive's readers
 * through {@link #hasFooter()} and {@link #getOrcTail()}.
 *
 * <p>The counts: the planning runs in the AM inside Hive's split generator, which gives an input
 * format no way to publish counters; the task that opens the first split of a scan's planning adds
 * its counts to the DAG's counters instead (group {@value TezextOrcInputFormat#COUNTER_GROUP}),
 * where Hive's summary ({@code hive.tez.exec.print.summary}) and its hooks see them.
 */
public class NotedOrcSplit extends OrcSplit {
  private byte[] tail = new byte[0];
  private long modificationTime;
  private OrcTail orcTail;
  private Map<String, Long> counts = Map.of();

  /** For deserialization, by name, in the task. */
  public NotedOrcSplit() {
  }

  /**
   * A split of an original (not ACID) file: OrcSplit's arguments, the file's serialized tail
   * ({@code OrcProto.FileTail}) or null, and the counts it carries (none: empty).
   */
  NotedOrcSplit(Path path, Object fileKey, long offset, long length, String[] hosts, byte[] tail,
      long modificationTime, long projectedDataSize, long fileLength, Path rootDir, Map<String, Long> counts) {
    super(path, fileKey, offset, length, hosts, null, true, true, List.<AcidInputFormat.DeltaMetaData>of(),
        projectedDataSize, fileLength, rootDir, null);
    this.tail = tail == null ? new byte[0] : tail;
    this.modificationTime = modificationTime;
    this.counts = Map.copyOf(counts);
  }

  @Override
  public boolean hasFooter() {
    return tail.length > 0;
  }

  @Override
  public synchronized OrcTail getOrcTail() {
    if (orcTail == null && tail.length > 0) {
      try {
        orcTail = new OrcTail(OrcProto.FileTail.parseFrom(tail), (BufferChunk) null, modificationTime);
      } catch (IOException e) {
        throw new UncheckedIOException(this + ": the file tail it carries is not readable", e);
      }
    }
    return orcTail;
  }

  /** The planning's counts this split carries, by counter name: empty but on one split of a planning. */
  public Map<String, Long> counts() {
    return counts;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    super.write(out);
    WritableUtils.writeVInt(out, tail.length);
    out.write(tail);
    WritableUtils.writeVLong(out, modificationTime);
    WritableUtils.writeVInt(out, counts.size());
    for (Map.Entry<String, Long> count : counts.entrySet()) {
      Text.writeString(out, count.getKey());
      WritableUtils.writeVLong(out, count.getValue());
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    super.readFields(in);
    tail = new byte[WritableUtils.readVInt(in)];
    in.readFully(tail);
    modificationTime = WritableUtils.readVLong(in);
    orcTail = null;
    int n = WritableUtils.readVInt(in);
    Map<String, Long> read = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      read.put(Text.readString(in), WritableUtils.readVLong(in));
    }
    counts = Map.copyOf(read);
  }
}
