package io.tezext.simulator.workload.tezhistory;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.apache.tez.dag.history.logging.proto.HistoryLoggerProtos.HistoryEventProto;
import org.apache.tez.dag.history.logging.proto.ProtoMessageReader;

/**
 * Proto history as Tez's {@code ProtoHistoryLoggingService} writes it under
 * {@code tez.history.logging.proto-base-dir}: Hadoop SequenceFiles of {@code HistoryEventProto} in
 * {@code app_data/date=…/} (AM and container events) and {@code dag_data/date=…/} (one file per DAG).
 * Tez's own reader decodes the events, and {@link ProtoEventEntity} turns each into the entity
 * simple history would have written. {@code dag_meta/} holds only the manifest of finished DAGs and is not needed.
 */
public final class ProtoHistoryFiles implements HistoryInput {
  static final String DAG_DATA = "dag_data";
  static final String APP_DATA = "app_data";
  static final String DAG_META = "dag_meta";
  private static final byte[] SEQUENCE_FILE_MAGIC = "SEQ".getBytes(StandardCharsets.US_ASCII);

  private final Path fileOrDir;

  /** The proto base directory, one of its {@code dag_data}/{@code app_data} trees, or one file. */
  public ProtoHistoryFiles(Path fileOrDir) {
    this.fileOrDir = fileOrDir;
  }

  /** A proto base directory, a directory inside one, or a SequenceFile. */
  public static boolean looksLikeProtoHistory(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      String name = path.getFileName() == null ? "" : path.getFileName().toString();
      String parent = String.valueOf(path.toAbsolutePath().getParent().getFileName());
      return Files.isDirectory(path.resolve(DAG_DATA)) || name.equals(DAG_DATA) || name.equals(APP_DATA)
          || name.startsWith("date=") && (parent.equals(DAG_DATA) || parent.equals(APP_DATA));
    }
    try (InputStream in = Files.newInputStream(path)) {
      return Arrays.equals(in.readNBytes(SEQUENCE_FILE_MAGIC.length), SEQUENCE_FILE_MAGIC);
    }
  }

  @Override
  public String name() {
    return fileOrDir.getFileName().toString();
  }

  @Override
  public String describe() {
    return "Tez proto history " + fileOrDir;
  }

  @Override
  public void read(Sink sink) throws IOException {
    Configuration conf = new Configuration();
    for (Path file : files(fileOrDir)) {
      read(conf, file, sink);
    }
  }

  private static void read(Configuration conf, Path file, Sink sink) throws IOException {
    ProtoMessageReader<HistoryEventProto> reader;
    try {
      reader = new ProtoMessageReader<>(conf, new org.apache.hadoop.fs.Path(file.toUri()), HistoryEventProto.PARSER);
    } catch (EOFException e) {
      sink.empty(file.toString()); // created but nothing written
      return;
    } catch (IOException e) {
      sink.unreadable(file.toString(), "not a Tez proto history SequenceFile"
          + (e.getMessage() == null ? " (its header does not read as one)" : ": " + e.getMessage()));
      return;
    }
    try (reader) {
      for (int n = 1;; n++) {
        String where = file + " event " + n;
        HistoryEventProto event;
        try {
          event = reader.readEvent();
        } catch (EOFException e) {
          // The reader is opened past the file's length (the AM may still be appending), so the end
          // of a file shows as an EOF.
          return;
        } catch (IOException e) {
          sink.unreadable(where, "cannot decode the event, the rest of the file is unreadable: " + e.getMessage());
          return;
        }
        if (event == null) {
          return;
        }
        sink.entity(ProtoEventEntity.of(event), where);
      }
    }
  }

  private static List<Path> files(Path fileOrDir) throws IOException {
    if (!Files.isDirectory(fileOrDir)) {
      return List.of(fileOrDir);
    }
    try (Stream<Path> s = Files.walk(fileOrDir)) {
      return s.filter(Files::isRegularFile)
          .filter(p -> !fileOrDir.relativize(p).toString().contains(DAG_META))
          .filter(p -> {
            String name = p.getFileName().toString();
            return !name.startsWith(".") && !name.startsWith("_") && !name.endsWith(".crc");
          })
          .sorted()
          .toList();
    }
  }
}
