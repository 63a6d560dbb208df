package io.tezext.splitgen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * ORC files for split generation's tests: ids that run up by one from a given first id (so a test
 * can check every row is read exactly once), in as many stripes as the stripe size makes, with a
 * string, a decimal, a date, a list and a struct beside them.
 */
public final class TestOrc {
  public static final TypeDescription SCHEMA = TypeDescription.fromString(
      "struct<id:bigint,name:string,price:decimal(10,2),day:date,tags:array<string>,attrs:struct<a:int,b:string>>");

  private TestOrc() {
  }

  /** A file of ids [firstId, firstId + rows) with default stripes (one, for small files). */
  public static Path write(Path file, long firstId, int rows) throws IOException {
    return write(file, firstId, rows, CompressionKind.ZLIB, 64L << 20, SCHEMA);
  }

  /**
   * A file of ids [firstId, firstId + rows): {@code stripeBytes} small gives many stripes. The
   * schema is {@link #SCHEMA}, or any schema whose first column is a bigint (the id), its string
   * columns filled with text that hardly compresses and the rest left null.
   */
  public static Path write(Path file, long firstId, int rows, CompressionKind codec, long stripeBytes,
      TypeDescription schema) throws IOException {
    Files.createDirectories(file.getParent());
    Files.deleteIfExists(file);
    Configuration conf = new Configuration(false);
    try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(file.toUri()), OrcFile.writerOptions(conf)
        .setSchema(schema).compress(codec).stripeSize(stripeBytes).bufferSize(8 << 10).rowIndexStride(1_000))) {
      VectorizedRowBatch batch = schema.createRowBatch(1024);
      boolean full = schema.equals(SCHEMA);
      for (int r = 0; r < rows; r++) {
        int row = batch.size++;
        long id = firstId + r;
        ((LongColumnVector) batch.cols[0]).vector[row] = id;
        if (full) {
          fill(batch, row, id);
        } else {
          for (int c = 1; c < batch.cols.length; c++) {
            if (batch.cols[c] instanceof BytesColumnVector text) {
              text.setVal(row, ("v-" + Long.toHexString(id * 0x9E3779B97F4A7C15L)).getBytes(StandardCharsets.UTF_8));
            } else {
              batch.cols[c].noNulls = false;
              batch.cols[c].isNull[row] = true;
            }
          }
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

  private static void fill(VectorizedRowBatch batch, int row, long id) {
    ((BytesColumnVector) batch.cols[1]).setVal(row, ("name-" + id % 1_000).getBytes(StandardCharsets.UTF_8));
    ((DecimalColumnVector) batch.cols[2]).set(row, HiveDecimal.create(id % 100_000).scaleByPowerOfTen(-2));
    ((LongColumnVector) batch.cols[3]).vector[row] = 19_000 + id / 10_000; // days since 1970
    ListColumnVector tags = (ListColumnVector) batch.cols[4];
    BytesColumnVector tagValues = (BytesColumnVector) tags.child;
    int at = tags.childCount;
    tags.offsets[row] = at;
    tags.lengths[row] = id % 3;
    tags.childCount += (int) (id % 3);
    tagValues.ensureSize(tags.childCount, true);
    for (int i = 0; i < id % 3; i++) {
      tagValues.setVal(at + i, ("t" + i).getBytes(StandardCharsets.UTF_8));
    }
    StructColumnVector attrs = (StructColumnVector) batch.cols[5];
    ((LongColumnVector) attrs.fields[0]).vector[row] = id % 7;
    ((BytesColumnVector) attrs.fields[1]).setVal(row, ("b" + id % 5).getBytes(StandardCharsets.UTF_8));
  }

  /** Ids [0, files * rows) in {@code files} files under {@code dir}, in path order. */
  public static List<Path> table(Path dir, int files, int rows) throws IOException {
    List<Path> written = new ArrayList<>();
    for (int f = 0; f < files; f++) {
      written.add(write(dir.resolve(String.format(java.util.Locale.ROOT, "part-%05d.orc", f)), (long) f * rows, rows));
    }
    return written;
  }

  public static org.apache.hadoop.fs.Path hadoop(Path local) {
    return new org.apache.hadoop.fs.Path(local.toUri());
  }
}
