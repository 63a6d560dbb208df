package io.tezext.splitgen.predicate;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A predicate on a table's columns, as {@link PredicateParser} reads it from text: comparisons of a
 * column with literals, joined by {@code and}, {@code or} and {@code not}. It names columns and
 * holds literals as written; {@link SearchArguments} binds it to each file's schema, where the
 * literals take the column's type.
 */
public sealed interface Predicate {
  /** A literal as written: a number, a quoted string, or true/false. */
  record Literal(Kind kind, String text) {
    /** What a literal was written as. */
    public enum Kind { NUMBER, STRING, BOOLEAN }

    @Override
    public String toString() {
      return kind == Kind.STRING ? "'" + text.replace("'", "''") + "'" : text;
    }
  }

  /** Comparison operators. */
  enum Op {
    EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }
  }

  record And(List<Predicate> terms) implements Predicate {
    public And {
      terms = List.copyOf(terms);
    }

    @Override
    public String toString() {
      return terms.stream().map(Predicate::grouped).collect(Collectors.joining(" and "));
    }
  }

  record Or(List<Predicate> terms) implements Predicate {
    public Or {
      terms = List.copyOf(terms);
    }

    @Override
    public String toString() {
      return terms.stream().map(Predicate::grouped).collect(Collectors.joining(" or "));
    }
  }

  record Not(Predicate term) implements Predicate {
    @Override
    public String toString() {
      return "not " + Predicate.grouped(term);
    }
  }

  record Compare(String column, Op op, Literal value) implements Predicate {
    @Override
    public String toString() {
      return column + " " + op.symbol() + " " + value;
    }
  }

  record In(String column, List<Literal> values) implements Predicate {
    public In {
      values = List.copyOf(values);
    }

    @Override
    public String toString() {
      return column + " in (" + values.stream().map(Literal::toString).collect(Collectors.joining(", ")) + ")";
    }
  }

  record Between(String column, Literal low, Literal high) implements Predicate {
    @Override
    public String toString() {
      return column + " between " + low + " and " + high;
    }
  }

  record IsNull(String column) implements Predicate {
    @Override
    public String toString() {
      return column + " is null";
    }
  }

  private static String grouped(Predicate p) {
    return p instanceof And || p instanceof Or ? "(" + p + ")" : p.toString();
  }
}
