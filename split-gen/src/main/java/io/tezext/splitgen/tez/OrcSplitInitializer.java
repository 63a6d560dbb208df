package io.tezext.splitgen.tez;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.serializer.SerializationFactory;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.split.TezGroupedSplit;
import org.apache.hadoop.mapred.split.TezMapredSplitsGrouper;
import org.apache.hadoop.mapreduce.split.TezMapReduceSplitsGrouper;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.tez.common.TezUtils;
import org.apache.tez.common.counters.TezCounters;
import org.apache.tez.dag.api.InputInitializerDescriptor;
import org.apache.tez.dag.api.TaskLocationHint;
import org.apache.tez.dag.api.VertexLocationHint;
import org.apache.tez.mapreduce.grouper.TezSplitGrouper;
import org.apache.tez.mapreduce.hadoop.MRInputHelpers;
import org.apache.tez.mapreduce.input.MRInput;
import org.apache.tez.mapreduce.protos.MRRuntimeProtos.MRInputUserPayloadProto;
import org.apache.tez.mapreduce.protos.MRRuntimeProtos.MRSplitProto;
import org.apache.tez.runtime.api.Event;
import org.apache.tez.runtime.api.InputInitializer;
import org.apache.tez.runtime.api.InputInitializerContext;
import org.apache.tez.runtime.api.events.InputConfigureVertexTasksEvent;
import org.apache.tez.runtime.api.events.InputDataInformationEvent;
import org.apache.tez.runtime.api.events.InputInitializerEvent;
import org.apache.tez.runtime.api.InputSpecUpdate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.split.StripeSplit;
import io.tezext.splitgen.split.StripeSplitGenerator;

/**
 * Tez's split generation for ORC tables, run in the AM for a root vertex that reads with
 * {@link MRInput}: stripe splits planned from every file's tail ({@link SplitSettings}), then, where
 * the input groups its splits (MRInput's default), grouped by node and rack into as many tasks as
 * the cluster runs at once times {@code tez.grouping.split-waves}, by Tez's own grouper and its
 * {@code tez.grouping.*} keys; otherwise one task per split. It sends the vertex its task count
 * and location hints and each task its split, as Tez's {@code MRInputAMSplitGenerator} does, so
 * MRInput (or the reader module's {@code OrderedMRInput}) reads them unchanged. What planning read,
 * left out and eliminated is published in the vertex's counters (group {@value #COUNTER_GROUP}).
 *
 * <p>Use {@link #configBuilder(Configuration, Class, String)} where a DAG would use
 * {@code MRInput.createConfigBuilder}.
 */
public class OrcSplitInitializer extends InputInitializer {
  /** The vertex counter group this initializer reports in. */
  public static final String COUNTER_GROUP = "tezext split generation";

  private static final Logger LOG = LoggerFactory.getLogger(OrcSplitInitializer.class);

  public OrcSplitInitializer(InputInitializerContext context) {
    super(context);
  }

  /**
   * MRInput's config builder for ORC files under {@code paths} (comma-separated, as
   * {@code FileInputFormat} takes them), read with {@code inputFormat} (this module's
   * {@code mapred} or {@code mapreduce} {@code OrcStripeInputFormat}) and split by this initializer.
   * {@code groupSplits(false)} on it gives one task per split.
   */
  public static MRInput.MRInputConfigBuilder configBuilder(Configuration conf, Class<?> inputFormat, String paths) {
    return MRInput.createConfigBuilder(conf, inputFormat, paths)
        .setCustomInitializerDescriptor(InputInitializerDescriptor.create(OrcSplitInitializer.class.getName()));
  }

  @Override
  public List<Event> initialize() throws Exception {
    MRInputUserPayloadProto payload = MRInputHelpers.parseMRInputPayload(getContext().getInputUserPayload());
    Configuration vertexConf = new Configuration(getContext().getVertexConfiguration());
    TezUtils.addToConfFromByteString(vertexConf, payload.getConfigurationBytes());
    JobConf job = new JobConf(vertexConf);
    job.getCredentials().mergeAll(UserGroupInformation.getCurrentUser().getCredentials());

    StripeSplitGenerator.Result generated =
        StripeSplitGenerator.generate(Arrays.asList(FileInputFormat.getInputPaths(job)), job);
    List<StripeSplit> splits = generated.splits();
    if (!generated.plan().skipped().isEmpty()) {
      LOG.warn("{}: left out {} files that are not readable ORC: {}", getContext().getInputName(),
          generated.plan().skipped().size(), generated.plan().skipped());
    }
    if (!generated.unresolvedColumns().isEmpty()) {
      LOG.warn("{}: {} names columns no file has: {} (they eliminate no stripe; misspelt or wrongly cased?)",
          getContext().getInputName(), SplitSettings.PREDICATE, generated.unresolvedColumns());
    }
    if (!generated.columnsMissingFromSomeFiles().isEmpty()) {
      LOG.warn("{}: {} names columns some files lack, files lacking each: {} (their stripes are all kept)",
          getContext().getInputName(), SplitSettings.PREDICATE, generated.columnsMissingFromSomeFiles());
    }
    getContext().addCounters(counters(generated));

    List<MRSplitProto> protos = new ArrayList<>();
    List<TaskLocationHint> hints = new ArrayList<>();
    if (!payload.getGroupingEnabled() || splits.isEmpty()) { // nothing to group: a vertex of no tasks
      for (StripeSplit split : splits) {
        protos.add(MRInputHelpers.createSplitProto(split));
        hints.add(hint(split.getLocations(), null));
      }
    } else if (job.getUseNewMapper()) {
      List<org.apache.hadoop.mapreduce.InputSplit> grouped = new TezMapReduceSplitsGrouper().getGroupedSplits(job,
          new ArrayList<>(splits), desiredTasks(job),
          io.tezext.splitgen.mapreduce.OrcStripeInputFormat.class.getName());
      for (org.apache.hadoop.mapreduce.InputSplit split : grouped) {
        protos.add(MRInputHelpers.createSplitProto(split, new SerializationFactory(job)));
        hints.add(hint(split.getLocations(), ((org.apache.hadoop.mapreduce.split.TezGroupedSplit) split).getRack()));
      }
    } else {
      InputSplit[] grouped = new TezMapredSplitsGrouper().getGroupedSplits(job, splits.toArray(new InputSplit[0]),
          desiredTasks(job), io.tezext.splitgen.mapred.OrcStripeInputFormat.class.getName());
      for (InputSplit split : grouped) {
        protos.add(MRInputHelpers.createSplitProto(split));
        hints.add(hint(split.getLocations(), ((TezGroupedSplit) split).getRack()));
      }
    }
    LOG.info("tezext split generation for {}: {}; {} files, {} stripes ({} eliminated), {} splits, {} tasks",
        getContext().getInputName(), generated.settings().summary(), generated.plan().files().size(),
        generated.plan().stripes(), generated.plan().stripesEliminated(), splits.size(), protos.size());

    List<Event> events = new ArrayList<>(protos.size() + 1);
    events.add(InputConfigureVertexTasksEvent.create(protos.size(), VertexLocationHint.create(hints),
        InputSpecUpdate.getDefaultSinglePhysicalInputSpecUpdate()));
    for (int i = 0; i < protos.size(); i++) {
      events.add(InputDataInformationEvent.createWithSerializedPayload(i,
          protos.get(i).toByteString().asReadOnlyByteBuffer()));
    }
    return events;
  }

  /** Tasks the cluster runs at once, times the waves: what Tez's own generator asks its grouper for. */
  private int desiredTasks(Configuration conf) {
    long total = getContext().getTotalAvailableResource().getMemorySize();
    long perTask = getContext().getVertexTaskResource().getMemorySize();
    float waves = conf.getFloat(TezSplitGrouper.TEZ_GROUPING_SPLIT_WAVES,
        TezSplitGrouper.TEZ_GROUPING_SPLIT_WAVES_DEFAULT);
    return (int) Math.max(1, total * waves / Math.max(1, perTask));
  }

  private static TaskLocationHint hint(String[] hosts, String rack) throws IOException {
    if (rack != null) {
      return TaskLocationHint.createTaskLocationHint(null, Collections.singleton(rack));
    }
    Set<String> nodes = hosts == null || hosts.length == 0 ? null : new HashSet<>(Arrays.asList(hosts));
    return TaskLocationHint.createTaskLocationHint(nodes, null);
  }

  private static TezCounters counters(StripeSplitGenerator.Result generated) {
    TezCounters counters = new TezCounters();
    var group = counters.getGroup(COUNTER_GROUP);
    generated.counts().forEach((name, value) -> group.findCounter(name).increment(value));
    return counters;
  }

  @Override
  public void handleInputInitializerEvent(List<InputInitializerEvent> events) {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " takes no initializer events");
  }
}
