package io.tezext.splitgen.predicate;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgumentFactory;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.apache.orc.TypeDescription;

import io.tezext.splitgen.orc.FilePredicate;
import io.tezext.splitgen.predicate.Predicate.Literal;

/**
 * A predicate bound to the schemas of the files it meets: for each schema, the ORC
 * {@link SearchArgument} whose literals take each column's type ({@code '2024-01-31'} a date
 * where the column is a date, {@code 10} a decimal where it is a decimal). A comparison on a column
 * the schema does not have is "maybe" for that file: it never drops a stripe (old files name their
 * columns {@code _col0}, {@code _col1}, ...). A literal that cannot take its column's type is an
 * error naming the column, its type and the value. Thread-safe; one argument is built per distinct
 * schema.
 */
public final class SearchArguments implements FilePredicate {
  private final Predicate predicate;
  private final Map<TypeDescription, SearchArgument> bySchema = new ConcurrentHashMap<>();

  public SearchArguments(Predicate predicate) {
    this.predicate = predicate;
  }

  public Predicate predicate() {
    return predicate;
  }

  /**
   * The search argument for files of {@code schema}: a column the schema lacks becomes "maybe".
   *
   * @throws IllegalArgumentException for a literal that cannot take its column's type in this schema
   */
  @Override
  public SearchArgument sargFor(TypeDescription schema) {
    SearchArgument sarg = bySchema.get(schema);
    if (sarg == null) {
      SearchArgument.Builder builder = SearchArgumentFactory.newBuilder();
      add(builder, predicate, schema);
      sarg = builder.build();
      bySchema.putIfAbsent(schema, sarg);
    }
    return sarg;
  }

  private void add(SearchArgument.Builder b, Predicate p, TypeDescription schema) {
    if (p instanceof Predicate.And and) {
      b.startAnd();
      and.terms().forEach(t -> add(b, t, schema));
      b.end();
    } else if (p instanceof Predicate.Or or) {
      b.startOr();
      or.terms().forEach(t -> add(b, t, schema));
      b.end();
    } else if (p instanceof Predicate.Not not) {
      b.startNot();
      add(b, not.term(), schema);
      b.end();
    } else {
      String name = columnOf(p);
      if (column(schema, name) == null) {
        b.literal(SearchArgument.TruthValue.YES_NO_NULL); // a column this file lacks: "maybe", whatever it says
        return;
      }
      if (p instanceof Predicate.Compare c) {
        compare(b, c, schema);
      } else if (p instanceof Predicate.In in) {
        PredicateLeaf.Type type = leafType(schema, in.column(), in.values());
        b.in(in.column(), type, in.values().stream().map(v -> value(type, v, in.column(), schema)).toArray());
      } else if (p instanceof Predicate.Between between) {
        PredicateLeaf.Type type = leafType(schema, between.column(), List.of(between.low(), between.high()));
        b.between(between.column(), type, value(type, between.low(), between.column(), schema),
            value(type, between.high(), between.column(), schema));
      } else if (p instanceof Predicate.IsNull isNull) {
        b.isNull(isNull.column(), leafType(schema, isNull.column(), List.of()));
      } else {
        throw new IllegalStateException("unknown predicate " + p);
      }
    }
  }

  private static String columnOf(Predicate p) {
    if (p instanceof Predicate.Compare c) {
      return c.column();
    } else if (p instanceof Predicate.In in) {
      return in.column();
    } else if (p instanceof Predicate.Between between) {
      return between.column();
    } else if (p instanceof Predicate.IsNull isNull) {
      return isNull.column();
    }
    throw new IllegalStateException("no column in " + p);
  }

  private static void compare(SearchArgument.Builder b, Predicate.Compare c, TypeDescription schema) {
    PredicateLeaf.Type type = leafType(schema, c.column(), List.of(c.value()));
    Object v = value(type, c.value(), c.column(), schema);
    // ORC's arguments have =, < and <=; the others are their negations.
    switch (c.op()) {
      case EQ -> b.equals(c.column(), type, v);
      case LT -> b.lessThan(c.column(), type, v);
      case LE -> b.lessThanEquals(c.column(), type, v);
      case NE -> b.startNot().equals(c.column(), type, v).end();
      case GT -> b.startNot().lessThanEquals(c.column(), type, v).end();
      case GE -> b.startNot().lessThan(c.column(), type, v).end();
      default -> throw new IllegalStateException(c.op().name());
    }
  }

  /** The column's type in {@code schema}, or null when the schema has no such column. */
  private static TypeDescription column(TypeDescription schema, String column) {
    try {
      return schema.findSubtype(column);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * The type ORC compares a (resolved) column's values as; an integer column compared with a
   * fraction ({@code qty > 10.5}) is compared as a floating-point number.
   */
  private static PredicateLeaf.Type leafType(TypeDescription schema, String column, List<Literal> values) {
    TypeDescription type = column(schema, column);
    return switch (type.getCategory()) {
      case BOOLEAN -> PredicateLeaf.Type.BOOLEAN;
      case BYTE, SHORT, INT, LONG -> values.stream().anyMatch(v -> v.kind() == Literal.Kind.NUMBER
          && !v.text().matches("[+-]?\\d+")) ? PredicateLeaf.Type.FLOAT : PredicateLeaf.Type.LONG;
      case FLOAT, DOUBLE -> PredicateLeaf.Type.FLOAT;
      case STRING, CHAR, VARCHAR -> PredicateLeaf.Type.STRING;
      case DATE -> PredicateLeaf.Type.DATE;
      case TIMESTAMP, TIMESTAMP_INSTANT -> PredicateLeaf.Type.TIMESTAMP;
      case DECIMAL -> PredicateLeaf.Type.DECIMAL;
      default -> throw new IllegalArgumentException("column " + column + " is " + type + " in schema " + schema
          + ": predicates compare boolean, number, string, date, timestamp and decimal columns");
    };
  }

  /** The predicate's own columns, named in each file's schema. */
  @Override
  public TypeDescription readerSchema() {
    return null;
  }

  @Override
  public List<String> columns() {
    List<String> columns = new ArrayList<>();
    collectColumns(predicate, columns);
    return columns.stream().distinct().toList();
  }

  private static void collectColumns(Predicate p, List<String> into) {
    if (p instanceof Predicate.And and) {
      and.terms().forEach(t -> collectColumns(t, into));
    } else if (p instanceof Predicate.Or or) {
      or.terms().forEach(t -> collectColumns(t, into));
    } else if (p instanceof Predicate.Not not) {
      collectColumns(not.term(), into);
    } else {
      into.add(columnOf(p));
    }
  }

  private static Object value(PredicateLeaf.Type type, Literal v, String column, TypeDescription schema) {
    try {
      return switch (type) {
        case BOOLEAN -> {
          require(v, Literal.Kind.BOOLEAN, "true or false");
          yield Boolean.valueOf(v.text());
        }
        case LONG -> {
          require(v, Literal.Kind.NUMBER, "a whole number");
          yield new BigDecimal(v.text()).longValueExact();
        }
        case FLOAT -> {
          require(v, Literal.Kind.NUMBER, "a number");
          yield Double.valueOf(v.text());
        }
        case DECIMAL -> {
          require(v, Literal.Kind.NUMBER, "a number");
          HiveDecimal d = HiveDecimal.create(v.text());
          if (d == null) {
            throw new IllegalArgumentException("it has more digits than a decimal holds");
          }
          yield new HiveDecimalWritable(d);
        }
        case STRING -> {
          require(v, Literal.Kind.STRING, "a 'quoted string'");
          yield v.text();
        }
        case DATE -> {
          require(v, Literal.Kind.STRING, "a date as 'yyyy-mm-dd'");
          yield Date.valueOf(LocalDate.parse(v.text()));
        }
        case TIMESTAMP -> {
          require(v, Literal.Kind.STRING, "a timestamp as 'yyyy-mm-dd hh:mm:ss[.fffffffff]'");
          yield Timestamp.valueOf(v.text());
        }
      };
    } catch (ArithmeticException | DateTimeParseException | IllegalArgumentException e) {
      TypeDescription t = column(schema, column);
      throw new IllegalArgumentException("predicate on " + column + (t == null ? "" : " (" + t + ")") + ": " + v
          + " " + (e.getMessage() == null || e instanceof ArithmeticException ? "is not a whole number in range"
              : e.getMessage()), e);
    }
  }

  private static void require(Literal v, Literal.Kind kind, String expected) {
    if (v.kind() != kind) {
      throw new IllegalArgumentException("is not " + expected);
    }
  }
}
