package io.tezext.splitgen.split;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Locale;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapred.FileSplit;

import io.tezext.splitgen.orc.FileTail;
import io.tezext.splitgen.orc.FileVersion;
import io.tezext.splitgen.plan.PlannedSplit;

/**
 * A split of whole ORC stripes of one file, for both Hadoop APIs (a {@code mapred} file split is a
 * {@code mapreduce} split too): the byte range its stripes span, which stripes and how many rows,
 * and the file as it was planned (length and modification time, checked when a task opens it), with
 * the file's tail when it was small enough to carry, so the task does not read it again. Hosts are
 * for planning only; like a file split's, they are not sent to the task.
 */
public class StripeSplit extends FileSplit {
  private long fileLength;
  private long modificationTime;
  private String etag = "";
  private int firstStripe;
  private int stripes;
  private long rows;
  private byte[] tail = new byte[0];

  /** For deserialization. */
  public StripeSplit() {
  }

  public StripeSplit(PlannedSplit split, FileTail file, long tailInSplitBytes) {
    super(new Path(split.path()), split.start(), split.length(), split.hosts().toArray(new String[0]));
    this.fileLength = file.version().length();
    this.modificationTime = file.version().modificationTime();
    this.etag = file.version().etag();
    this.firstStripe = split.firstStripe();
    this.stripes = split.stripes();
    this.rows = file.rows() == FileTail.UNKNOWN_ROWS ? FileTail.UNKNOWN_ROWS : split.rows();
    byte[] carried = file.tailForSplits(tailInSplitBytes);
    this.tail = carried == null ? new byte[0] : carried;
  }

  /** The version of the file the split was planned on. */
  public FileVersion plannedVersion() {
    return new FileVersion(fileLength, modificationTime, etag);
  }

  /** The file's first stripe in this split (counted from 0). */
  public int firstStripe() {
    return firstStripe;
  }

  public int stripes() {
    return stripes;
  }

  /** Rows in the split's stripes, or {@link FileTail#UNKNOWN_ROWS}. */
  public long rows() {
    return rows;
  }

  /** The file's serialized tail ({@code OrcProto.FileTail}), or null if the split does not carry it. */
  public byte[] tail() {
    return tail.length == 0 ? null : tail;
  }

  /** A failure reading this split's rows, naming the split (ORC's own exceptions do not). */
  public IOException readFailure(Exception cause) {
    return new IOException(this + ": its rows could not be read, the file is corrupt or unreadable: " + cause, cause);
  }

  @Override
  public void write(DataOutput out) throws IOException {
    super.write(out);
    WritableUtils.writeVLong(out, fileLength);
    WritableUtils.writeVLong(out, modificationTime);
    Text.writeString(out, etag);
    WritableUtils.writeVInt(out, firstStripe);
    WritableUtils.writeVInt(out, stripes);
    WritableUtils.writeVLong(out, rows);
    WritableUtils.writeVInt(out, tail.length);
    out.write(tail);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    super.readFields(in);
    fileLength = WritableUtils.readVLong(in);
    modificationTime = WritableUtils.readVLong(in);
    etag = Text.readString(in);
    firstStripe = WritableUtils.readVInt(in);
    stripes = WritableUtils.readVInt(in);
    rows = WritableUtils.readVLong(in);
    tail = new byte[WritableUtils.readVInt(in)];
    in.readFully(tail);
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s:%d+%d (stripes %d-%d of the file, %s rows)", getPath(), getStart(),
        getLength(), firstStripe, firstStripe + stripes - 1, rows == FileTail.UNKNOWN_ROWS ? "unknown" : rows);
  }
}
