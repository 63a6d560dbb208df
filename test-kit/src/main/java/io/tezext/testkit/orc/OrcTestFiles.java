package io.tezext.testkit.orc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * Small ORC files, as a partition of a busy table on an object store looks (one stripe each), with
 * rows a test can count: {@code id} runs 0, 1, 2, ... across the files in order.
 */
public final class OrcTestFiles {
  /** The files' schema. */
  public static final TypeDescription SCHEMA =
      TypeDescription.fromString("struct<id:bigint,customer:string,amount:double>");

  private OrcTestFiles() {
  }

  /** Writes {@code files} files of {@code rows} rows each under {@code dir}; returns them in order. */
  public static List<Path> write(Path dir, int files, int rows) throws IOException {
    Configuration conf = new Configuration(false);
    List<Path> written = new ArrayList<>();
    long id = 0;
    for (int f = 0; f < files; f++) {
      Path file = dir.resolve(String.format(java.util.Locale.ROOT, "part-%05d.orc", f));
      Files.deleteIfExists(file);
      try (Writer writer = OrcFile.createWriter(new org.apache.hadoop.fs.Path(file.toUri()),
          OrcFile.writerOptions(conf).setSchema(SCHEMA))) {
        VectorizedRowBatch batch = SCHEMA.createRowBatch();
        LongColumnVector ids = (LongColumnVector) batch.cols[0];
        BytesColumnVector customers = (BytesColumnVector) batch.cols[1];
        DoubleColumnVector amounts = (DoubleColumnVector) batch.cols[2];
        for (int r = 0; r < rows; r++) {
          int row = batch.size++;
          ids.vector[row] = id;
          customers.setVal(row, ("customer-" + (id % 9973)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
          amounts.vector[row] = (id % 10_000) / 100.0;
          id++;
          if (batch.size == batch.getMaxSize()) {
            writer.addRowBatch(batch);
            batch.reset();
          }
        }
        if (batch.size > 0) {
          writer.addRowBatch(batch);
        }
      }
      written.add(file);
    }
    return written;
  }
}
