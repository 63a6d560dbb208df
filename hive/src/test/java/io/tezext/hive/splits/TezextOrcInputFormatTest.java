package io.tezext.hive.splits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;

import org.apache.hadoop.hive.ql.io.HiveInputFormat.HiveInputSplit;
import org.apache.hadoop.hive.ql.io.orc.OrcInputFormat;
import org.apache.hadoop.hive.ql.io.orc.OrcSplit;
import org.apache.hadoop.hive.ql.io.orc.OrcStruct;
import org.apache.hadoop.hive.ql.io.sarg.ConvertAstToSearchArg;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgumentFactory;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.testkit.orc.FutureOrcVersion;

/**
 * Route B's split planning on Hive's own class path (hive-exec's ORC 2.1, storage-api 4.1), as Hive's
 * split generator calls it: the job carries the scan's directories, the table's columns, the columns
 * read and the predicate Hive pushed. Its splits are checked against Hive's own ETL planning of the
 * same files, and read back through Hive's reader.
 */
class TezextOrcInputFormatTest {
  private static final int ROWS = 20_000;
  private static final StructObjectInspector ROW = (StructObjectInspector) OrcStruct.createObjectInspector(
      TypeInfoUtils.getTypeInfoFromTypeString(HiveOrcFiles.SCHEMA.toString()));

  @TempDir
  Path dir;
  private Path table;

  @BeforeEach
  void writeATableOfThreePartitions() throws IOException {
    table = dir.resolve("sales");
    for (int p = 0; p < 3; p++) {
      for (int f = 0; f < 2; f++) {
        int file = p * 2 + f;
        HiveOrcFiles.write(table.resolve("month=" + (p + 1) + "/00000" + f + "_0"), (long) file * ROWS, ROWS);
      }
    }
  }

  private JobConf job(SearchArgument sarg, List<Path> partitions) {
    JobConf job = new JobConf();
    job.set("name", "default.sales");
    job.set("columns", "id,label");
    job.set("columns.types", "bigint:string");
    job.setBoolean("hive.io.file.read.all.columns", false);
    job.set("hive.io.file.readcolumn.ids", "0");
    job.set("hive.io.file.readcolumn.names", "id");
    if (sarg != null) {
      job.set(ConvertAstToSearchArg.SARG_PUSHDOWN, ConvertAstToSearchArg.sargToKryo(sarg));
    }
    FileInputFormat.setInputPaths(job, partitions.stream().map(p -> new org.apache.hadoop.fs.Path(p.toUri()))
        .toArray(org.apache.hadoop.fs.Path[]::new));
    return job;
  }

  private List<Path> partitions() {
    return List.of(table.resolve("month=1"), table.resolve("month=2"), table.resolve("month=3"));
  }

  private static SearchArgument idBelow(long id) {
    return SearchArgumentFactory.newBuilder().startAnd().lessThan("id", PredicateLeaf.Type.LONG, id).end().build();
  }

  /** The ids read from every split through Hive's own reader, in split order. */
  private static List<Long> ids(InputSplit[] splits, JobConf job, Reporter reporter) throws IOException {
    List<Long> ids = new ArrayList<>();
    TezextOrcInputFormat format = new TezextOrcInputFormat();
    for (InputSplit split : splits) {
      RecordReader<NullWritable, OrcStruct> reader = format.getRecordReader(split, job, reporter);
      NullWritable key = reader.createKey();
      OrcStruct row = reader.createValue();
      while (reader.next(key, row)) {
        ids.add(((LongWritable) ROW.getStructFieldData(row, ROW.getStructFieldRef("id"))).get());
      }
      reader.close();
    }
    return ids;
  }

  /** Each split's file and the stripes that start in its byte range, as "file#stripe". */
  private static TreeSet<String> stripesRead(InputSplit[] splits, JobConf job) throws IOException {
    TreeSet<String> stripes = new TreeSet<>();
    for (InputSplit split : splits) {
      FileSplit f = (FileSplit) split;
      Reader orc = OrcFile.createReader(f.getPath(), OrcFile.readerOptions(job));
      int i = 0;
      for (StripeInformation s : orc.getStripes()) {
        if (s.getOffset() >= f.getStart() && s.getOffset() < f.getStart() + f.getLength()) {
          stripes.add(f.getPath().getName() + "@" + f.getPath().getParent().getName() + "#" + i);
        }
        i++;
      }
    }
    return stripes;
  }

  @Test
  void theOrcOnTheClassPathIsTheOneHiveShips() throws URISyntaxException {
    String from = OrcFile.class.getProtectionDomain().getCodeSource().getLocation().toURI().getPath();
    assertThat(from).as("where orc-core's classes come from").contains("hive-exec-4.1.0");
    assertThat(OrcFile.class.getClassLoader().getResource("META-INF/maven/org.apache.orc/orc-core/pom.properties"))
        .as("orc-core's version in hive-exec").isNotNull();
    Properties orc = new Properties();
    try (var in = OrcFile.class.getClassLoader()
        .getResourceAsStream("META-INF/maven/org.apache.orc/orc-core/pom.properties")) {
      orc.load(in);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    assertThat(orc.getProperty("version")).startsWith("2.1.");
  }

  @Test
  void everyRowIsReadOnceThroughHivesReaderFromSplitsWithHivesFlags() throws IOException {
    JobConf job = job(null, partitions());
    job.set("tezext.split.max-size", "64k");
    InputSplit[] splits = new TezextOrcInputFormat().getSplits(job, 1);
    assertThat(splits.length).isGreaterThan(6);
    for (InputSplit split : splits) {
      OrcSplit orc = (OrcSplit) split;
      assertThat(orc.isOriginal()).isTrue();
      assertThat(orc.hasBase()).isTrue();
      assertThat(orc.getDeltas()).isEmpty();
      assertThat(orc.hasFooter()).as("the file's tail carried").isTrue();
      assertThat(orc.getRootDir().getName()).isEqualTo(orc.getPath().getParent().getName());
      assertThat(orc.getColumnarProjectionSize()).as("the id column's size in the split's stripes").isPositive()
          .isLessThan(orc.getLength() * 10);
    }
    List<Long> ids = ids(splits, job, Reporter.NULL);
    assertThat(ids).hasSize(6 * ROWS).doesNotHaveDuplicates();
    assertThat(new TreeSet<>(ids).last()).isEqualTo(6L * ROWS - 1);
  }

  @Test
  void hivesPredicateDropsTheStripesHivesOwnEtlPlanningDrops() throws IOException {
    JobConf ours = job(idBelow(ROWS / 4), partitions());
    JobConf hives = job(idBelow(ROWS / 4), partitions());
    hives.set("hive.exec.orc.split.strategy", "ETL");
    InputSplit[] ourSplits = new TezextOrcInputFormat().getSplits(ours, 1);
    InputSplit[] hiveSplits = new OrcInputFormat().getSplits(hives, 1);
    TreeSet<String> read = stripesRead(ourSplits, ours);
    assertThat(read).isEqualTo(stripesRead(hiveSplits, hives)).isNotEmpty();
    assertThat(read).allMatch(s -> s.contains("month=1")); // ids below ROWS / 4 are in the first file only
    assertThat(ids(ourSplits, ours, Reporter.NULL)).contains(0L, (long) ROWS / 4 - 1);
    assertThat(((NotedOrcSplit) ourSplits[0]).counts()).contains(entry("FILES", 6L), entry("SPLITS",
        (long) ourSplits.length)).hasEntrySatisfying("STRIPES_ELIMINATED", n -> assertThat(n).isPositive());
  }

  @Test
  void theFirstSplitCarriesThePlanningsCountsToTheTaskThatOpensIt() throws IOException {
    JobConf job = job(idBelow(10), partitions());
    InputSplit[] splits = new TezextOrcInputFormat().getSplits(job, 1);
    HiveInputSplit wrapped = new HiveInputSplit(splits[0], TezextOrcInputFormat.class.getName());
    DataOutputBuffer out = new DataOutputBuffer();
    wrapped.write(out);
    HiveInputSplit back = new HiveInputSplit();
    back.setConf(job);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(out.getData(), out.getLength());
    back.readFields(in);
    NotedOrcSplit noted = (NotedOrcSplit) back.getInputSplit();
    assertThat(noted.counts()).isEqualTo(((NotedOrcSplit) splits[0]).counts()).containsKey("STRIPES");
    assertThat(noted.hasFooter()).isTrue();

    Reporter reporter = mock(Reporter.class);
    assertThat(ids(new InputSplit[] {noted}, job, reporter)).isNotEmpty();
    noted.counts().forEach((name, value) -> verify(reporter).incrCounter(TezextOrcInputFormat.COUNTER_GROUP, name,
        value));
    for (int i = 1; i < splits.length; i++) {
      assertThat(((NotedOrcSplit) splits[i]).counts()).isEmpty();
    }
  }

  /** Why {@link NotedOrcSplit} carries the tail itself: Hive 4.1.0's split cannot read back one it carries. */
  @Test
  void hivesOwnSplitCarryingATailCannotBeReadBack() throws IOException {
    JobConf job = job(null, partitions());
    job.set("hive.exec.orc.split.strategy", "ETL");
    job.setBoolean("hive.orc.splits.include.file.footer", true);
    OrcSplit hives = (OrcSplit) new OrcInputFormat().getSplits(job, 1)[0];
    assertThat(hives.hasFooter()).isTrue();
    DataOutputBuffer out = new DataOutputBuffer();
    hives.write(out);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(out.getData(), out.getLength());
    OrcSplit back = new NotedOrcSplit(); // OrcSplit's own constructor for reading is not public
    assertThatThrownBy(() -> back.readFields(in)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void aTransactionalTableIsPlannedByHive() throws IOException {
    JobConf job = job(null, partitions());
    job.set("transactional", "true");
    InputSplit[] splits = new TezextOrcInputFormat().getSplits(job, 1);
    assertThat(splits).isNotEmpty().allMatch(s -> s.getClass() == OrcSplit.class);
  }

  @Test
  void aFileThatIsNotOrcFailsNamingTheTableAndTheFileOrIsSkippedAndCounted() throws IOException {
    Files.writeString(table.resolve("month=2/notes.txt"), "a text file left in a partition");
    JobConf job = job(null, partitions());
    assertThatThrownBy(() -> new TezextOrcInputFormat().getSplits(job, 1)).isInstanceOf(IOException.class)
        .hasMessageStartingWith("default.sales: ").hasMessageContaining("month=2/notes.txt: not a readable ORC file");
    job.setBoolean("tezext.split.skip-bad-files", true);
    InputSplit[] splits = new TezextOrcInputFormat().getSplits(job, 1);
    assertThat(((NotedOrcSplit) splits[0]).counts()).contains(entry("FILES_SKIPPED", 1L), entry("FILES", 6L));
    assertThat(ids(splits, job, Reporter.NULL)).hasSize(6 * ROWS);
  }

  @Test
  void aPartitionWithAFileFromAFutureOrcVersionFailsNamingIt() throws IOException {
    FutureOrcVersion.rewrite(table.resolve("month=3/000001_0"), 7, 1);
    assertThatThrownBy(() -> new TezextOrcInputFormat().getSplits(job(null, partitions()), 1))
        .isInstanceOf(IOException.class).hasMessageStartingWith("default.sales: ")
        .hasMessageContaining("month=3/000001_0: not a readable ORC file: ")
        .hasMessageContaining("written by a future ORC version 7.1");
  }

  @Test
  void aPredicateOnAColumnOlderFilesLackKeepsTheirStripesAndIsCounted() throws IOException {
    Path older = table.resolve("month=0");
    HiveOrcFiles.write(older.resolve("000000_0"), 900_000, ROWS, HiveOrcFiles.OLD_SCHEMA);
    List<Path> all = new ArrayList<>(partitions());
    all.add(0, older);
    SearchArgument onLabel = SearchArgumentFactory.newBuilder().startAnd()
        .equals("label", PredicateLeaf.Type.STRING, "no such label").end().build();
    InputSplit[] splits = new TezextOrcInputFormat().getSplits(job(onLabel, all), 1);
    assertThat(splits).as("only the older file's stripes are kept").isNotEmpty()
        .allMatch(s -> ((FileSplit) s).getPath().getParent().getName().equals("month=0"));
    assertThat(((NotedOrcSplit) splits[0]).counts()).contains(entry("PREDICATE_COLUMNS_MISSING_FROM_SOME_FILES", 1L),
        entry("PREDICATE_COLUMNS_UNRESOLVED", 0L));
  }

  @Test
  void tezextsOwnPredicateKeyIsRefusedForHivePushesItsOwn() {
    JobConf job = job(null, partitions());
    job.set("tezext.split.predicate", "id < 5");
    assertThatThrownBy(() -> new TezextOrcInputFormat().getSplits(job, 1))
        .hasMessageContaining("tezext.split.predicate is set, but Hive pushes each query's own predicate");
  }
}
