package io.tezext.splitgen.tez;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.split.TezGroupedSplit;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.tez.common.counters.TezCounters;
import org.apache.tez.dag.api.DataSourceDescriptor;
import org.apache.tez.mapreduce.hadoop.MRInputHelpers;
import org.apache.tez.mapreduce.protos.MRRuntimeProtos.MRSplitProto;
import org.apache.tez.runtime.api.Event;
import org.apache.tez.runtime.api.InputInitializerContext;
import org.apache.tez.runtime.api.events.InputConfigureVertexTasksEvent;
import org.apache.tez.runtime.api.events.InputDataInformationEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

import io.tezext.splitgen.TestOrc;
import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.split.StripeSplit;

class OrcSplitInitializerTest {
  @TempDir
  Path dir;

  /** A context of a cluster with room for 4 tasks of the vertex at once. */
  private InputInitializerContext context(DataSourceDescriptor source) {
    InputInitializerContext context = mock(InputInitializerContext.class);
    when(context.getInputUserPayload()).thenReturn(source.getInputDescriptor().getUserPayload());
    when(context.getVertexConfiguration()).thenReturn(new Configuration());
    when(context.getInputName()).thenReturn("orc");
    when(context.getTotalAvailableResource()).thenReturn(Resource.newInstance(4096, 4));
    when(context.getVertexTaskResource()).thenReturn(Resource.newInstance(1024, 1));
    return context;
  }

  private Configuration conf() {
    Configuration conf = new Configuration();
    conf.set(SplitSettings.MIN_SIZE, "1");
    conf.set(SplitSettings.MAX_SIZE, "1"); // a split per stripe: grouping has something to do
    return conf;
  }

  private static List<InputSplit> splitsOf(List<Event> events) throws Exception {
    List<InputSplit> splits = new ArrayList<>();
    for (Event e : events.subList(1, events.size())) {
      ByteBuffer payload = ((InputDataInformationEvent) e).getUserPayload();
      MRSplitProto proto = MRSplitProto.parseFrom(payload.duplicate());
      splits.add(MRInputHelpers.createOldFormatSplitFromUserPayload(proto,
          new org.apache.hadoop.io.serializer.SerializationFactory(new JobConf())));
    }
    return splits;
  }

  @Test
  void splitsAreGroupedIntoTheTasksTheClusterRunsTimesTheWaves() throws Exception {
    TestOrc.table(dir.resolve("t"), 20, 1_000);
    DataSourceDescriptor source = OrcSplitInitializer.configBuilder(conf(),
        io.tezext.splitgen.mapred.OrcStripeInputFormat.class, dir.resolve("t").toString()).build();
    InputInitializerContext context = context(source);

    List<Event> events = new OrcSplitInitializer(context).initialize();

    InputConfigureVertexTasksEvent configure = (InputConfigureVertexTasksEvent) events.get(0);
    assertThat(configure.getNumTasks()).isEqualTo(events.size() - 1).isBetween(2, 7); // 4 slots x 1.7 waves
    assertThat(configure.getLocationHint().getTaskLocationHints()).hasSize(configure.getNumTasks());
    long rows = 0;
    int stripes = 0;
    for (InputSplit split : splitsOf(events)) {
      assertThat(split).isInstanceOf(TezGroupedSplit.class);
      for (InputSplit inner : ((TezGroupedSplit) split).getGroupedSplits()) {
        rows += ((StripeSplit) inner).rows();
        stripes += ((StripeSplit) inner).stripes();
      }
    }
    assertThat(rows).isEqualTo(20_000);
    assertThat(stripes).isEqualTo(20);

    ArgumentCaptor<TezCounters> counters = ArgumentCaptor.forClass(TezCounters.class);
    verify(context).addCounters(counters.capture());
    var group = counters.getValue().getGroup(OrcSplitInitializer.COUNTER_GROUP);
    assertThat(group.findCounter("FILES").getValue()).isEqualTo(20);
    assertThat(group.findCounter("ROWS").getValue()).isEqualTo(20_000);
    assertThat(group.findCounter("SPLITS").getValue()).isEqualTo(20);
  }

  @Test
  void withoutGroupingEachSplitIsATaskWithItsHosts() throws Exception {
    TestOrc.table(dir.resolve("t"), 5, 100);
    DataSourceDescriptor source = OrcSplitInitializer.configBuilder(conf(),
        io.tezext.splitgen.mapred.OrcStripeInputFormat.class, dir.resolve("t").toString()).groupSplits(false).build();
    List<Event> events = new OrcSplitInitializer(context(source)).initialize();
    assertThat(((InputConfigureVertexTasksEvent) events.get(0)).getNumTasks()).isEqualTo(5);
    List<InputSplit> splits = splitsOf(events);
    assertThat(splits).allSatisfy(s -> assertThat(s).isInstanceOf(StripeSplit.class));
    assertThat(((InputConfigureVertexTasksEvent) events.get(0)).getLocationHint().getTaskLocationHints())
        .allSatisfy(h -> assertThat(h.getHosts()).isNotEmpty());
  }

  @Test
  void aTableWhosePredicateLeavesNothingIsAVertexOfNoTasks() throws Exception {
    TestOrc.table(dir.resolve("t"), 3, 100);
    Configuration conf = conf();
    conf.set(SplitSettings.PREDICATE, "id < 0");
    DataSourceDescriptor source = OrcSplitInitializer.configBuilder(conf,
        io.tezext.splitgen.mapred.OrcStripeInputFormat.class, dir.resolve("t").toString()).build();
    List<Event> events = new OrcSplitInitializer(context(source)).initialize();
    assertThat(events).singleElement().isInstanceOfSatisfying(InputConfigureVertexTasksEvent.class,
        e -> assertThat(e.getNumTasks()).isZero());
  }

  @Test
  void theMapreduceApiGetsItsOwnGroupedSplits() throws Exception {
    TestOrc.table(dir.resolve("t"), 6, 100);
    DataSourceDescriptor source = OrcSplitInitializer.configBuilder(conf(),
        io.tezext.splitgen.mapreduce.OrcStripeInputFormat.class, dir.resolve("t").toString()).build();
    List<Event> events = new OrcSplitInitializer(context(source)).initialize();
    long rows = 0;
    for (Event e : events.subList(1, events.size())) {
      MRSplitProto proto = MRSplitProto.parseFrom(((InputDataInformationEvent) e).getUserPayload().duplicate());
      var split = (org.apache.hadoop.mapreduce.split.TezGroupedSplit) MRInputHelpers
          .createNewFormatSplitFromUserPayload(proto, new org.apache.hadoop.io.serializer.SerializationFactory(
              new JobConf()));
      for (var inner : split.getGroupedSplits()) {
        rows += ((StripeSplit) inner).rows();
      }
    }
    assertThat(rows).isEqualTo(600);
  }
}
