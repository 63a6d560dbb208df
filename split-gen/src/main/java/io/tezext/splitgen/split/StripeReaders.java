package io.tezext.splitgen.split;

import java.io.FileNotFoundException;
import java.io.IOException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.impl.BufferChunk;
import org.apache.orc.impl.OrcTail;
import org.apache.orc.mapred.OrcInputFormat;

import io.tezext.splitgen.BadInputException;
import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.orc.FileVersion;
import io.tezext.splitgen.orc.KnownStatusFileSystem;
import io.tezext.splitgen.predicate.SearchArguments;

/**
 * Opens a {@link StripeSplit}'s file in a task, for reading exactly its stripes. The file must be
 * the one the split was planned on: its version (length, modification time, etag) is checked first
 * (one status request), and a file overwritten since fails naming what changed, instead of returning
 * other rows.
 * The file is then opened with that status and, where the split carries it, the tail planning read,
 * so the task's only other requests are for the stripes themselves.
 */
public final class StripeReaders {
  /** An ORC reader of a split's file, and the options that read the split's stripes. */
  public record Opened(Reader reader, Reader.Options options) {
    /** A failure starting to read {@code split}'s rows: the reader closed, the failure naming the split. */
    public IOException failed(StripeSplit split, Exception cause) {
      closeQuietly(reader, cause);
      return split.readFailure(cause);
    }
  }

  private StripeReaders() {
  }

  public static Opened open(StripeSplit split, Configuration conf) throws IOException {
    SplitSettings settings = SplitSettings.from(conf);
    Path path = split.getPath();
    FileSystem fs = path.getFileSystem(conf);
    FileStatus now;
    try {
      now = fs.getFileStatus(path);
    } catch (FileNotFoundException e) {
      throw new BadInputException(path + ": deleted since its splits were planned; plan them again", e);
    }
    FileVersion planned = split.plannedVersion();
    FileVersion current = FileVersion.of(now);
    if (!planned.sameAs(current)) {
      throw new BadInputException(path + ": changed since its splits were planned (" + planned.changeTo(current)
          + "); the table was overwritten, plan its splits again");
    }
    OrcFile.ReaderOptions options = OrcFile.readerOptions(conf)
        .filesystem(new KnownStatusFileSystem(fs, now)).maxLength(now.getLen());
    if (split.tail() != null) {
      options.orcTail(new OrcTail(OrcProto.FileTail.parseFrom(split.tail()), (BufferChunk) null,
          now.getModificationTime()));
    }
    Reader reader;
    try {
      reader = OrcFile.createReader(now.getPath(), options);
    } catch (IOException | RuntimeException e) {
      throw new BadInputException(path + ": not a readable ORC file: " + e.getMessage(), e);
    }
    try {
      // ORC's own keys (reader schema, columns, its serialized search argument) hold as in its formats.
      Reader.Options read = OrcInputFormat.buildOptions(conf, reader, split.getStart(), split.getLength());
      if (settings.predicateInTasks() && settings.predicate() != null) {
        read.searchArgument(new SearchArguments(settings.predicate()).sargFor(reader.getSchema()), new String[0]);
      }
      return new Opened(reader, read);
    } catch (IllegalArgumentException e) { // the predicate does not fit this file's schema
      closeQuietly(reader, e);
      throw new BadInputException(split + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      closeQuietly(reader, e);
      throw e;
    }
  }

  /**
   * Closes a reader whose split failed to open (orc-core keeps the file's stream open from the tail
   * read until then), keeping what closing it threw with the failure.
   */
  private static void closeQuietly(Reader reader, Exception failure) {
    try {
      reader.close();
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }
}
