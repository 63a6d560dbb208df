package io.tezext.reader.grouped;

import java.io.IOException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;

/**
 * The input format whose splits a Tez grouped split wraps. Tez keeps its name in a package-private
 * field of {@code TezGroupedSplit} (both APIs); the split's serialized form, which Tez sends in its
 * split events and reads back the same way, starts with it.
 */
public final class GroupedSplitFormat {
  private GroupedSplitFormat() {
  }

  /** The class name of the input format that {@code groupedSplit} (a Tez grouped split) wraps. */
  public static String nameOf(Writable groupedSplit) throws IOException {
    DataOutputBuffer out = new DataOutputBuffer();
    groupedSplit.write(out);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(out.getData(), out.getLength());
    return Text.readString(in);
  }

  /** Loads it through the configuration's class loader (where tez.aux.uris jars are). */
  public static Class<?> classOf(Writable groupedSplit, Configuration conf) throws IOException {
    String name = nameOf(groupedSplit);
    try {
      return conf.getClassByName(name);
    } catch (ClassNotFoundException e) {
      throw new IOException("the grouped split wraps splits of " + name + ", which is not on the task's class path",
          e);
    }
  }
}
