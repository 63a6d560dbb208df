package io.tezext.reader.open;

import java.io.Closeable;
import java.io.IOException;

/** Opens the reader of one split of a grouped split, by the split's index in the group. */
@FunctionalInterface
public interface SplitOpener<R extends Closeable> {
  R open(int split) throws IOException, InterruptedException;
}
