package io.tezext.hive.splits;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * ORC files written by the ORC Hive ships (the one on this module's test class path), as a Hive table
 * holds them: {@code id} runs up by one from a given first id, so a test can tell every row was read
 * once; {@code label} is text that hardly compresses; small stripes, so a file has several.
 */
final class HiveOrcFiles {
  static final TypeDescription SCHEMA = TypeDescription.fromString("struct<id:bigint,label:string>");
  static final TypeDescription OLD_SCHEMA = TypeDescription.fromString("struct<id:bigint>");

  private HiveOrcFiles() {
  }

  static Path write(Path file, long firstId, int rows) throws IOException {
    return write(file, firstId, rows, SCHEMA);
  }

  /** A file of {@code schema} (its first column the bigint id; string columns filled). */
  static Path write(Path file, long firstId, int rows, TypeDescription schema) throws IOException {
    Files.createDirectories(file.getParent());
    Configuration conf = new Configuration(false);
    try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(file.toUri()), OrcFile.writerOptions(conf)
        .setSchema(schema).compress(CompressionKind.ZLIB).stripeSize(32 << 10).bufferSize(4 << 10)
        .rowIndexStride(1_000))) {
      VectorizedRowBatch batch = schema.createRowBatch(1024);
      for (int r = 0; r < rows; r++) {
        int row = batch.size++;
        long id = firstId + r;
        ((LongColumnVector) batch.cols[0]).vector[row] = id;
        for (int c = 1; c < batch.cols.length; c++) {
          ((BytesColumnVector) batch.cols[c]).setVal(row,
              ("v-" + Long.toHexString(id * 0x9E3779B97F4A7C15L)).getBytes(StandardCharsets.UTF_8));
        }
        if (batch.size == batch.getMaxSize()) {
          w.addRowBatch(batch);
          batch.reset();
        }
      }
      if (batch.size > 0) {
        w.addRowBatch(batch);
      }
    }
    return file;
  }
}
