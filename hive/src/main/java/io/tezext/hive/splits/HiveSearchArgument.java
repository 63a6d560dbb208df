package io.tezext.hive.splits;

import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.io.orc.OrcInputFormat;
import org.apache.hadoop.hive.ql.io.sarg.ConvertAstToSearchArg;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.orc.TypeDescription;

import io.tezext.splitgen.orc.FilePredicate;

/**
 * The predicate Hive pushed into the job configuration for a table scan ({@code HiveInputFormat}
 * puts the scan's filter there before it asks the table's input format for splits), as an ORC search
 * argument naming the table's columns, and the table's schema those names are in: stripes are judged
 * by it as Hive's own {@code OrcInputFormat} judges them, through ORC's schema evolution (by name, or
 * by position for old files whose columns are {@code _col0}, {@code _col1}, ...).
 */
final class HiveSearchArgument implements FilePredicate {
  private final SearchArgument sarg;
  private final TypeDescription tableSchema;
  private final List<String> columns;

  private HiveSearchArgument(SearchArgument sarg, TypeDescription tableSchema) {
    this.sarg = sarg;
    this.tableSchema = tableSchema;
    this.columns = sarg.getLeaves().stream().map(PredicateLeaf::getColumnName).distinct().toList();
  }

  /** The predicate Hive pushed for the scan {@code job} plans, or null if it pushed none. */
  static HiveSearchArgument pushedIn(Configuration job) {
    if (!ConvertAstToSearchArg.canCreateFromConf(job)) {
      return null;
    }
    SearchArgument sarg = ConvertAstToSearchArg.createFromConf(job);
    if (sarg == null || sarg.getLeaves().isEmpty()) {
      return null; // a filter ORC cannot use (a function of columns, say): nothing to judge stripes by
    }
    return new HiveSearchArgument(sarg, OrcInputFormat.getDesiredRowTypeDescr(job, false, Integer.MAX_VALUE));
  }

  @Override
  public SearchArgument sargFor(TypeDescription fileSchema) {
    return sarg;
  }

  @Override
  public TypeDescription readerSchema() {
    return tableSchema;
  }

  @Override
  public List<String> columns() {
    return columns;
  }

  @Override
  public String toString() {
    return sarg.toString();
  }
}
