package io.tezext.splitgen.predicate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.tezext.splitgen.predicate.Predicate.Literal;
import io.tezext.splitgen.predicate.Predicate.Op;

/**
 * Reads a predicate from text. The syntax (keywords in any case):
 *
 * <pre>
 * predicate  := term ('or' term)*
 * term       := factor ('and' factor)*
 * factor     := 'not' factor | '(' predicate ')' | comparison
 * comparison := column op literal
 *             | column ['not'] 'in' '(' literal (',' literal)* ')'
 *             | column ['not'] 'between' literal 'and' literal
 *             | column 'is' ['not'] 'null'
 * op         := '=' | '==' | '!=' | '&lt;&gt;' | '&lt;' | '&lt;=' | '&gt;' | '&gt;='
 * column     := name ('.' name)*  |  `any text`
 * literal    := number | 'text' (a quote doubled inside) | true | false
 * </pre>
 *
 * Dates, timestamps and decimals are written as strings or numbers and take the column's type
 * when the predicate meets a file ({@code sold_date >= '2024-01-01'}). A mistake is an error naming
 * the character where it is and what was expected there.
 */
public final class PredicateParser {
  private enum Type { NAME, QUOTED_NAME, NUMBER, STRING, SYMBOL, END }

  private record Token(Type type, String text, int at) {
    boolean isWord(String word) {
      return type == Type.NAME && text.equalsIgnoreCase(word);
    }

    boolean isSymbol(String symbol) {
      return type == Type.SYMBOL && text.equals(symbol);
    }

    String shown() {
      return type == Type.END ? "the end" : "'" + text + "'";
    }
  }

  private static final List<String> KEYWORDS = List.of("and", "or", "not", "in", "between", "is", "null");

  private final String text;
  private final List<Token> tokens;
  private int next;

  private PredicateParser(String text) {
    this.text = text;
    this.tokens = tokenize(text);
  }

  /**
   * The predicate {@code text} writes.
   *
   * @throws IllegalArgumentException naming the position of the first mistake and what was expected
   */
  public static Predicate parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("an empty predicate: expected one like \"amount > 10 and region = 'EU'\"");
    }
    PredicateParser parser = new PredicateParser(text);
    Predicate p = parser.disjunction();
    parser.expectEnd();
    return p;
  }

  private Predicate disjunction() {
    List<Predicate> terms = new ArrayList<>(List.of(conjunction()));
    while (peek().isWord("or")) {
      next++;
      terms.add(conjunction());
    }
    return terms.size() == 1 ? terms.get(0) : new Predicate.Or(terms);
  }

  private Predicate conjunction() {
    List<Predicate> terms = new ArrayList<>(List.of(factor()));
    while (peek().isWord("and")) {
      next++;
      terms.add(factor());
    }
    return terms.size() == 1 ? terms.get(0) : new Predicate.And(terms);
  }

  private Predicate factor() {
    Token t = peek();
    if (t.isWord("not")) {
      next++;
      return new Predicate.Not(factor());
    }
    if (t.isSymbol("(")) {
      next++;
      Predicate inner = disjunction();
      expectSymbol(")");
      return inner;
    }
    return comparison();
  }

  private Predicate comparison() {
    String column = column();
    Token t = take();
    if (t.type == Type.SYMBOL && op(t.text) != null) {
      return new Predicate.Compare(column, op(t.text), literal());
    }
    if (t.isWord("is")) {
      boolean negated = peek().isWord("not");
      if (negated) {
        next++;
      }
      expectWord("null");
      Predicate isNull = new Predicate.IsNull(column);
      return negated ? new Predicate.Not(isNull) : isNull;
    }
    boolean negated = t.isWord("not");
    if (negated) {
      t = take();
    }
    Predicate p;
    if (t.isWord("in")) {
      expectSymbol("(");
      List<Literal> values = new ArrayList<>(List.of(literal()));
      while (peek().isSymbol(",")) {
        next++;
        values.add(literal());
      }
      expectSymbol(")");
      p = new Predicate.In(column, values);
    } else if (t.isWord("between")) {
      Literal low = literal();
      expectWord("and");
      p = new Predicate.Between(column, low, literal());
    } else {
      throw error(t, negated ? "'in' or 'between'"
          : "a comparison (=, !=, <>, <, <=, >, >=), 'in', 'between' or 'is null'");
    }
    return negated ? new Predicate.Not(p) : p;
  }

  private String column() {
    Token t = take();
    if (t.type == Type.QUOTED_NAME) {
      return t.text;
    }
    if (t.type != Type.NAME || KEYWORDS.contains(t.text.toLowerCase(Locale.ROOT))) {
      throw error(t, "a column name");
    }
    StringBuilder name = new StringBuilder(t.text);
    while (peek().isSymbol(".")) {
      next++;
      Token part = take();
      if (part.type != Type.NAME) {
        throw error(part, "a field name after '.'");
      }
      name.append('.').append(part.text);
    }
    return name.toString();
  }

  private Literal literal() {
    Token t = take();
    return switch (t.type) {
      case NUMBER -> new Literal(Literal.Kind.NUMBER, t.text);
      case STRING -> new Literal(Literal.Kind.STRING, t.text);
      case NAME -> {
        if (t.isWord("true") || t.isWord("false")) {
          yield new Literal(Literal.Kind.BOOLEAN, t.text.toLowerCase(Locale.ROOT));
        }
        throw error(t, "a value (a number, a 'quoted string', true or false)");
      }
      default -> throw error(t, "a value (a number, a 'quoted string', true or false)");
    };
  }

  private static Op op(String symbol) {
    return switch (symbol) {
      case "=", "==" -> Op.EQ;
      case "!=", "<>" -> Op.NE;
      case "<" -> Op.LT;
      case "<=" -> Op.LE;
      case ">" -> Op.GT;
      case ">=" -> Op.GE;
      default -> null;
    };
  }

  private Token peek() {
    return tokens.get(next);
  }

  private Token take() {
    Token t = tokens.get(next);
    if (t.type != Type.END) {
      next++;
    }
    return t;
  }

  private void expectSymbol(String symbol) {
    Token t = take();
    if (!t.isSymbol(symbol)) {
      throw error(t, "'" + symbol + "'");
    }
  }

  private void expectWord(String word) {
    Token t = take();
    if (!t.isWord(word)) {
      throw error(t, "'" + word + "'");
    }
  }

  private void expectEnd() {
    Token t = peek();
    if (t.type != Type.END) {
      throw error(t, "'and', 'or' or the end");
    }
  }

  private IllegalArgumentException error(Token t, String expected) {
    return error(text, t.at, "expected " + expected + ", found " + t.shown());
  }

  private static IllegalArgumentException error(String text, int at, String what) {
    return new IllegalArgumentException("predicate \"" + text + "\", at character " + (at + 1) + ": " + what);
  }

  private static List<Token> tokenize(String text) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (Character.isLetter(c) || c == '_') {
        int start = i;
        while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
          i++;
        }
        tokens.add(new Token(Type.NAME, text.substring(start, i), start));
      } else if (Character.isDigit(c) || ((c == '-' || c == '+' || c == '.') && i + 1 < text.length()
          && (Character.isDigit(text.charAt(i + 1)) || text.charAt(i + 1) == '.'))) {
        int start = i;
        i++;
        while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '.'
            || ((text.charAt(i) == '-' || text.charAt(i) == '+') && (text.charAt(i - 1) | 0x20) == 'e'))) {
          i++;
        }
        String number = text.substring(start, i);
        if (!number.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
          throw error(text, start, "'" + number + "' is not a number");
        }
        tokens.add(new Token(Type.NUMBER, number, start));
      } else if (c == '\'' || c == '`') {
        int start = i;
        StringBuilder value = new StringBuilder();
        i++;
        while (true) {
          if (i >= text.length()) {
            throw error(text, start, c == '\'' ? "a string not closed by '" : "a column name not closed by `");
          }
          char d = text.charAt(i++);
          if (d == c) {
            if (i < text.length() && text.charAt(i) == c) { // a doubled quote stands for one
              value.append(c);
              i++;
            } else {
              break;
            }
          } else {
            value.append(d);
          }
        }
        tokens.add(new Token(c == '\'' ? Type.STRING : Type.QUOTED_NAME, value.toString(), start));
      } else {
        String two = i + 1 < text.length() ? text.substring(i, i + 2) : "";
        if (List.of("==", "!=", "<>", "<=", ">=").contains(two)) {
          tokens.add(new Token(Type.SYMBOL, two, i));
          i += 2;
        } else if ("=<>(),.".indexOf(c) >= 0) {
          tokens.add(new Token(Type.SYMBOL, String.valueOf(c), i));
          i++;
        } else {
          throw error(text, i, "unexpected character '" + c + "'");
        }
      }
    }
    tokens.add(new Token(Type.END, "", text.length()));
    return tokens;
  }
}
