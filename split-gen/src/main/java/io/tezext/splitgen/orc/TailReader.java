package io.tezext.splitgen.orc;

import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.orc.FileFormatException;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;

import com.google.protobuf.InvalidProtocolBufferException;

import io.tezext.splitgen.BadInputException;

/**
 * Reads an ORC file's tail (postscript, footer, stripe statistics) with orc-core's own reader and
 * the fewest requests an object store can serve: the length is known (no status request) and the
 * file is opened with the status its listing gave (S3A then skips its own metadata request), so
 * a tail costs an open and one or two ranged reads.
 */
public final class TailReader {
  private static final int MAGIC = 3; // "ORC" at the start of every file
  /** How orc-core (1.9 and 2.1) says a file's format version is newer than it reads. */
  private static final String FUTURE_VERSION = "was written by a future ORC version";

  private TailReader() {
  }

  private static String firstLine(String message) {
    int end = message.indexOf('\n');
    return end < 0 ? message : message.substring(0, end);
  }

  public static FileTail read(FileSystem fs, FileStatus status, Configuration conf) throws IOException {
    String path = status.getPath().toString();
    long length = status.getLen();
    if (length <= MAGIC) {
      throw new BadInputException(path + ": " + length + " bytes, too short for an ORC file");
    }
    Reader reader;
    try {
      reader = OrcFile.createReader(status.getPath(),
          OrcFile.readerOptions(conf).filesystem(new KnownStatusFileSystem(fs, status)).maxLength(length));
    } catch (FileFormatException | InvalidProtocolBufferException | EOFException | RuntimeException e) {
      throw new BadInputException(path + ": not a readable ORC file: " + e.getMessage(), e);
    } catch (IOException e) {
      if (String.valueOf(e.getMessage()).contains(FUTURE_VERSION)) { // orc-core's words for a newer format
        throw new BadInputException(path + ": not a readable ORC file: " + firstLine(e.getMessage()), e);
      }
      // reaching the file failed: not the file's fault, never skipped
      throw new IOException(path + ": reading its tail failed: " + e, e);
    }
    try (reader) {
      List<Stripe> stripes = new ArrayList<>();
      for (StripeInformation s : reader.getStripes()) {
        stripes.add(new Stripe(s.getOffset(), s.getLength(), s.getNumberOfRows()));
      }
      OrcProto.FileTail fileTail = reader.getFileTail();
      // Old writers recorded 0 rows for stripes that hold data: such a count is not a count.
      long rows = reader.getNumberOfRows() == 0 && !stripes.isEmpty() ? FileTail.UNKNOWN_ROWS
          : reader.getNumberOfRows();
      // What a task is handed: the file's column statistics are for planning only (and the bulk of a
      // wide table's footer).
      OrcProto.FileTail minimal = fileTail.toBuilder()
          .setFooter(fileTail.getFooter().toBuilder().clearStatistics()).build();
      return new FileTail(path, FileVersion.of(status), minimal.toByteArray(), stripes, rows,
          reader.getSchema(), reader.getWriterVersion(), reader.writerUsedProlepticGregorian(),
          fileTail.getFooter().hasEncryption(), reader.getOrcProtoStripeStatistics());
    } catch (IllegalArgumentException e) { // a stripe the footer describes impossibly
      throw new BadInputException(path + ": corrupt ORC footer: " + e.getMessage(), e);
    } catch (RuntimeException e) { // orc-core's "Can't deserialize stripe stats"
      throw new BadInputException(path + ": corrupt ORC tail: " + e.getMessage(), e);
    }
  }
}
