package io.tezext.bench.splitgen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcConf;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * The benchmark's table: ORC files of several small stripes each in {@code dt=} partition
 * directories, as a day-partitioned fact table on an object store looks once compacted into many
 * files. Written once per shape and kept (a file named as the table plus {@value #DONE}, beside
 * it, marks a whole table; nothing but the data is listed); written through the raw local file
 * system, so no {@code .crc} files sit beside the data in the listings.
 */
final class PartitionedTable {
  static final String DONE = ".written";
  private static final TypeDescription SCHEMA = TypeDescription.fromString(
      "struct<id:bigint,customer:bigint,note:string>");

  private PartitionedTable() {
  }

  /** The table of {@code files} files in {@code partitions} partitions under {@code dir}, written if missing. */
  static Path ensure(Path dir, int partitions, int files, int rowsPerFile) throws IOException {
    Path table = dir.resolve(String.format(Locale.ROOT, "p%d-f%d-r%d", partitions, files, rowsPerFile));
    Path done = dir.resolve(table.getFileName() + DONE);
    if (Files.exists(done)) {
      return table;
    }
    System.err.printf(Locale.ROOT, "writing %,d ORC files in %d partitions to %s (once) ...%n", files, partitions,
        table);
    Configuration conf = new Configuration();
    conf.setInt(OrcConf.ROWS_BETWEEN_CHECKS.getAttribute(), 500); // small stripes close where they should
    FileSystem raw = FileSystem.getLocal(conf).getRawFileSystem();
    long id = 0;
    for (int f = 0; f < files; f++) {
      Path partition = table.resolve(String.format(Locale.ROOT, "dt=2024-%02d-%02d", 1 + (f % partitions) / 28,
          1 + (f % partitions) % 28));
      Files.createDirectories(partition);
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(
          partition.resolve(String.format(Locale.ROOT, "part-%05d.orc", f / partitions)).toUri());
      try (Writer w = OrcFile.createWriter(file, OrcFile.writerOptions(conf).fileSystem(raw).setSchema(SCHEMA)
          .overwrite(true).stripeSize(48 << 10).bufferSize(8 << 10).rowIndexStride(1_000))) {
        VectorizedRowBatch batch = SCHEMA.createRowBatch(500);
        for (int r = 0; r < rowsPerFile; r++, id++) {
          int row = batch.size++;
          ((LongColumnVector) batch.cols[0]).vector[row] = id;
          ((LongColumnVector) batch.cols[1]).vector[row] = (id * 0x9E3779B97F4A7C15L) >>> 40;
          ((BytesColumnVector) batch.cols[2]).setVal(row,
              Long.toHexString(id * 0xC2B2AE3D27D4EB4FL).getBytes(StandardCharsets.UTF_8));
          if (batch.size == batch.getMaxSize()) {
            w.addRowBatch(batch);
            batch.reset();
          }
        }
        if (batch.size > 0) {
          w.addRowBatch(batch);
        }
      }
    }
    Files.writeString(done, "");
    return table;
  }
}
