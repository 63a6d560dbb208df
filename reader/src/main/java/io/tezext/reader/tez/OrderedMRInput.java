package io.tezext.reader.tez;

import java.io.IOException;
import java.util.List;

import org.apache.tez.dag.api.DataSourceDescriptor;
import org.apache.tez.dag.api.InputDescriptor;
import org.apache.tez.mapreduce.hadoop.MRInputHelpers;
import org.apache.tez.mapreduce.hadoop.MRJobConfig;
import org.apache.tez.mapreduce.input.MRInput;
import org.apache.tez.mapreduce.lib.MRReaderMapReduce;
import org.apache.tez.mapreduce.lib.MRReaderMapred;
import org.apache.tez.runtime.api.Event;
import org.apache.tez.runtime.api.InputContext;

import io.tezext.reader.config.ReaderSettings;

/**
 * Tez's {@link MRInput} whose grouped splits are read by tezext's ordered reader: the next splits'
 * readers open ahead on their own threads and are handed out strictly in split order (keys
 * {@link ReaderSettings}). Everything else is MRInput's: the payload, split events, counters, the
 * AM-side split generation and grouping. Tez's MRInput hard-codes its own grouped input format for
 * grouped splits, so this Input puts ours in its place once MRInput has set itself up.
 *
 * <p>Name it in the DAG instead of MRInput: {@link #readingInOrder(DataSourceDescriptor)} turns
 * what {@code MRInput.createConfigBuilder(...).groupSplits(true).build()} gives into a descriptor
 * of this Input. Ungrouped splits, and splits read from disk instead of events, read as MRInput
 * reads them.
 */
public class OrderedMRInput extends MRInput {
  public OrderedMRInput(InputContext inputContext, int numPhysicalInputs) {
    super(inputContext, numPhysicalInputs);
  }

  /** {@code mrInput}, an MRInput data source, with this Input reading it. */
  public static DataSourceDescriptor readingInOrder(DataSourceDescriptor mrInput) {
    InputDescriptor input = InputDescriptor.create(OrderedMRInput.class.getName())
        .setUserPayload(mrInput.getInputDescriptor().getUserPayload());
    DataSourceDescriptor ordered = DataSourceDescriptor.create(input, mrInput.getInputInitializerDescriptor(),
        mrInput.getNumberOfShards(), mrInput.getCredentials(), mrInput.getLocationHint(),
        mrInput.getAdditionalLocalFiles());
    ordered.addURIsForCredentials(mrInput.getURIsForCredentials());
    return ordered;
  }

  @Override
  public List<Event> initialize() throws IOException {
    List<Event> events = super.initialize();
    boolean grouped = MRInputHelpers.parseMRInputPayload(getContext().getUserPayload()).getGroupingEnabled();
    boolean viaEvents =
        jobConf.getBoolean(MRJobConfig.MR_TEZ_SPLITS_VIA_EVENTS, MRJobConfig.MR_TEZ_SPLITS_VIA_EVENTS_DEFAULT);
    if (grouped && viaEvents) {
      ReaderSettings.from(jobConf); // a bad key fails the task here, naming it, before any split arrives
      // No split has reached MRInput's reader yet (they come as events after initialize), so a
      // reader over our input format takes its place.
      if (useNewApi) {
        jobConf.set(MRJobConfig.INPUT_FORMAT_CLASS_ATTR,
            io.tezext.reader.mapreduce.OrderedGroupedInputFormat.class.getName());
        mrReader = new MRReaderMapReduce(jobConf, getContext().getCounters(), inputRecordCounter,
            getContext().getApplicationId().getClusterTimestamp(), getContext().getTaskVertexIndex(),
            getContext().getApplicationId().getId(), getContext().getTaskIndex(),
            getContext().getTaskAttemptNumber(), getContext());
      } else {
        jobConf.set("mapred.input.format.class", io.tezext.reader.mapred.OrderedGroupedInputFormat.class.getName());
        mrReader = new MRReaderMapred(jobConf, getContext().getCounters(), inputRecordCounter, getContext());
      }
    }
    return events;
  }
}
