package io.tezext.splitgen.orc;

import java.util.List;

import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.orc.TypeDescription;

/**
 * The predicate a file's stripes are judged by: tezext's own ({@code tezext.split.predicate}, bound
 * to each file's schema) or one a query engine pushed (Hive's search argument, which names the
 * columns of the table's schema).
 */
public interface FilePredicate {
  /**
   * The search argument for a file of {@code fileSchema}.
   *
   * @throws IllegalArgumentException if it cannot apply to such a file (naming the column)
   */
  SearchArgument sargFor(TypeDescription fileSchema);

  /** The schema the argument names its columns in, or null when it names the file's own. */
  TypeDescription readerSchema();

  /** Every column the predicate names, in its order, each once. */
  List<String> columns();
}
