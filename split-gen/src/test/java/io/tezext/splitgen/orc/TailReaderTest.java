package io.tezext.splitgen.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.splitgen.TestOrc;
import io.tezext.testkit.fs.LatencyFileSystem;
import io.tezext.testkit.fs.LatencyModel;
import io.tezext.testkit.fs.Requests;

class TailReaderTest {
  @TempDir
  Path dir;

  private final Configuration conf = new Configuration();

  /** A file of {@code rows} rows in stripes of about {@code stripeBytes}. */
  private Path orc(String name, int rows, long stripeBytes) throws IOException {
    return TestOrc.write(dir.resolve(name), 0, rows, CompressionKind.ZLIB, stripeBytes,
        TypeDescription.fromString("struct<x:bigint,s:string>"));
  }

  private FileTail tail(Path file) throws IOException {
    FileSystem fs = FileSystem.getLocal(conf);
    return TailReader.read(fs, fs.getFileStatus(new org.apache.hadoop.fs.Path(file.toUri())), conf);
  }

  @Test
  void stripesAndRowsAreThoseOrcItselfReports() throws IOException {
    Path file = orc("many-stripes.orc", 400_000, 64 * 1024);
    FileTail tail = tail(file);
    Reader orc = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()), OrcFile.readerOptions(conf));
    assertThat(tail.stripes()).hasSizeGreaterThan(3).hasSize(orc.getStripes().size());
    for (int i = 0; i < tail.stripes().size(); i++) {
      Stripe s = tail.stripes().get(i);
      assertThat(s.offset()).isEqualTo(orc.getStripes().get(i).getOffset());
      assertThat(s.length()).isEqualTo(orc.getStripes().get(i).getLength());
    }
    assertThat(tail.rows()).isEqualTo(orc.getNumberOfRows()).isEqualTo(400_000);
    assertThat(tail.length()).isEqualTo(Files.size(file));
  }

  @Test
  void aFileAFutureOrcVersionWroteIsBadInputNamingIt() throws IOException {
    Path file = orc("future.orc", 1_000, 64 * 1024);
    io.tezext.testkit.orc.FutureOrcVersion.rewrite(file, 9, 9);
    assertThatThrownBy(() -> tail(file)).isInstanceOf(io.tezext.splitgen.BadInputException.class)
        .hasMessageStartingWith(new org.apache.hadoop.fs.Path(file.toUri()) + ": not a readable ORC file: ")
        .hasMessageContaining("was written by a future ORC version 9.9").hasMessageNotContaining("Postscript");
  }

  @Test
  void aFileWithNoRowsHasNoStripes() throws IOException {
    FileTail tail = tail(orc("empty.orc", 0, 64 * 1024));
    assertThat(tail.stripes()).isEmpty();
    assertThat(tail.rows()).isZero();
  }

  @Test
  void theTailIsReadWithOneOrTwoRangedReadsAndNoOtherRequest() throws IOException {
    Path file = orc("one.orc", 50_000, 64 * 1024);
    Configuration c = new Configuration();
    LatencyFileSystem.configure(c, "tail-calls", LatencyModel.NONE);
    org.apache.hadoop.fs.Path p = LatencyFileSystem.path("tail-calls", file);
    FileSystem fs = p.getFileSystem(c);
    var status = fs.getFileStatus(p); // the listing's status, as planning has it
    Requests requests = LatencyFileSystem.requests("tail-calls");
    long before = requests.total();
    TailReader.read(fs, status, c);
    assertThat(requests.of(Requests.Kind.METADATA)).as("status requests").isEqualTo(1); // the listing's only
    assertThat(requests.of(Requests.Kind.OPEN)).as("opened with its status").isZero();
    assertThat(requests.total() - before).as("requests for the tail").isBetween(1L, 2L);
    assertThat(requests.openStreams()).isEmpty();
  }

  @Test
  void notOrcTruncatedAndCorruptFilesAreNamedWithTheReason() throws IOException {
    Path text = Files.writeString(dir.resolve("text.orc"), "this is not an orc file at all\n");
    assertThatThrownBy(() -> tail(text)).hasMessageContaining(text.getFileName().toString())
        .hasMessageContaining("not a readable ORC file");

    Path whole = orc("whole.orc", 20_000, 64 * 1024);
    byte[] bytes = Files.readAllBytes(whole);
    Path truncated = Files.write(dir.resolve("truncated.orc"), Arrays.copyOf(bytes, bytes.length / 2));
    assertThatThrownBy(() -> tail(truncated)).hasMessageContaining("truncated.orc");

    byte[] flipped = bytes.clone();
    for (int i = flipped.length - 40; i < flipped.length - 2; i++) {
      flipped[i] ^= 0x5a;
    }
    Path corrupt = Files.write(dir.resolve("corrupt.orc"), flipped);
    assertThatThrownBy(() -> tail(corrupt)).hasMessageContaining("corrupt.orc");

    Path tiny = Files.write(dir.resolve("tiny.orc"), new byte[] {'O', 'R'});
    assertThatThrownBy(() -> tail(tiny)).hasMessageContaining("too short for an ORC file");
  }
}
