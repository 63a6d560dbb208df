package io.tezext.settings;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.StringUtils.TraditionalBinaryPrefix;

/**
 * One configuration key: its name, when it is read ({@link Scope}), its default, what it accepts and
 * what it means. Reading a value validates it; a bad value is an error of one shape,
 * {@code KEY = 'VALUE': expected WHAT IT ACCEPTS}, and an unset or empty key reads as its default.
 *
 * @param <T> the value's type
 */
public final class Key<T> {
  private final String name;
  private final Scope scope;
  private final T defaultValue;
  private final String defaultText;
  private final String accepts;
  private final String doc;
  private final Function<String, T> parser;

  private Key(String name, Scope scope, T defaultValue, String defaultText, String accepts, String doc,
      Function<String, T> parser) {
    this.name = Objects.requireNonNull(name);
    this.scope = Objects.requireNonNull(scope);
    this.defaultValue = defaultValue;
    this.defaultText = defaultText;
    this.accepts = accepts;
    this.doc = doc;
    this.parser = parser;
  }

  /**
   * A key of any type: {@code parser} turns a value's text into the value, throwing
   * {@link IllegalArgumentException} (its message, if any, is added to the error) for text it refuses.
   *
   * @param defaultText the default as a configuration file would write it
   * @param accepts what the key accepts, in words (the error's "expected ...")
   */
  public static <T> Key<T> of(String name, Scope scope, T defaultValue, String defaultText, String accepts,
      String doc, Function<String, T> parser) {
    return new Key<>(name, scope, defaultValue, defaultText, accepts, doc, parser);
  }

  /** A duration in milliseconds in [min, max]. */
  public static Key<Long> millis(String name, Scope scope, long defaultValue, long min, long max, String doc) {
    return of(name, scope, defaultValue, Long.toString(defaultValue), range("milliseconds", min, max), doc,
        text -> within(Long.parseLong(text), min, max));
  }

  /** A whole number in [min, max] that fits an int. */
  public static Key<Integer> count(String name, Scope scope, int defaultValue, int min, int max, String doc) {
    return of(name, scope, defaultValue, Integer.toString(defaultValue), range("a whole number", min, max), doc,
        text -> (int) within(Integer.parseInt(text), min, max));
  }

  /** A size in bytes in [min, max], with Hadoop's k, m, g, t, p suffixes (as Tez's own size keys take). */
  public static Key<Long> bytes(String name, Scope scope, long defaultValue, long min, long max, String doc) {
    String accepts = (max == Long.MAX_VALUE ? "a size of at least " + min + " bytes"
        : "a size from " + min + " to " + max + " bytes") + " (k, m, g suffixes allowed)";
    return of(name, scope, defaultValue, sizeText(defaultValue), accepts, doc, text -> {
      long v;
      try {
        v = TraditionalBinaryPrefix.string2long(text);
      } catch (IllegalArgumentException e) {
        throw new NumberFormatException(); // what is accepted says it better than Hadoop's message
      }
      return within(v, min, max);
    });
  }

  /** A number in [min, max]. */
  public static Key<Double> fraction(String name, Scope scope, double defaultValue, double min, double max,
      String doc) {
    return number(name, scope, defaultValue, min, max, false, doc);
  }

  /**
   * A number from {@code min} to {@code max} ({@link Double#MAX_VALUE}: no maximum), {@code max}
   * itself refused when {@code maxExcluded}.
   */
  public static Key<Double> number(String name, Scope scope, double defaultValue, double min, double max,
      boolean maxExcluded, String doc) {
    String accepts = max == Double.MAX_VALUE ? "a number, at least " + numberText(min)
        : "a number from " + numberText(min) + " to " + numberText(max)
            + (maxExcluded ? ", " + numberText(max) + " excluded" : "");
    return of(name, scope, defaultValue, numberText(defaultValue), accepts, doc, text -> {
      double v = Double.parseDouble(text);
      if (!(v >= min && v <= max) || (maxExcluded && v == max)) {
        throw new IllegalArgumentException();
      }
      return v;
    });
  }

  /**
   * A whole number in [min, max], written any exact way ({@code 2000}, {@code 2000.0}, {@code 2e3}),
   * as a JSON writer may write it; {@code 2.5} is refused, never rounded.
   */
  public static Key<Long> whole(String name, Scope scope, long defaultValue, long min, long max, String doc) {
    return of(name, scope, defaultValue, Long.toString(defaultValue), range("a whole number", min, max), doc,
        text -> {
          try {
            return within(new BigDecimal(text).longValueExact(), min, max);
          } catch (ArithmeticException e) {
            throw new NumberFormatException(); // not whole, or beyond a long
          }
        });
  }

  /** True or false, in any case (as Hadoop reads a boolean); anything else is an error, not false. */
  public static Key<Boolean> flag(String name, Scope scope, boolean defaultValue, String doc) {
    return of(name, scope, defaultValue, Boolean.toString(defaultValue), "true or false", doc, text -> {
      if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
        return Boolean.parseBoolean(text);
      }
      throw new IllegalArgumentException();
    });
  }

  /** One of an enum's constants, written in lower case. */
  public static <E extends Enum<E>> Key<E> choice(String name, Scope scope, E defaultValue, Class<E> type,
      String doc) {
    String names = String.join(", ", Arrays.stream(type.getEnumConstants()).map(Key::lowerCase).toList());
    return of(name, scope, defaultValue, lowerCase(defaultValue), "one of " + names, doc, text -> {
      for (E e : type.getEnumConstants()) {
        if (e.name().equalsIgnoreCase(text)) {
          return e;
        }
      }
      throw new IllegalArgumentException();
    });
  }

  private static String lowerCase(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }

  private static long within(long v, long min, long max) {
    if (v < min || v > max) {
      throw new IllegalArgumentException();
    }
    return v;
  }

  private static String range(String what, long min, long max) {
    return what + (max == Long.MAX_VALUE || max == Integer.MAX_VALUE ? ", at least " + min
        : " from " + min + " to " + max);
  }

  /** A number as a file would write it: {@code 1} rather than {@code 1.0}, exact otherwise. */
  private static String numberText(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }

  /** A size as a configuration file would write it: {@code 256m} rather than 268435456. */
  private static String sizeText(long bytes) {
    String[] suffixes = {"p", "t", "g", "m", "k"};
    for (int i = 0; i < suffixes.length; i++) {
      long unit = 1L << (10 * (suffixes.length - i));
      if (bytes != 0 && bytes % unit == 0) {
        return bytes / unit + suffixes[i];
      }
    }
    return Long.toString(bytes);
  }

  public String name() {
    return name;
  }

  public Scope scope() {
    return scope;
  }

  public T defaultValue() {
    return defaultValue;
  }

  /** The default as a configuration file would write it. */
  public String defaultText() {
    return defaultText;
  }

  /** What the key accepts, in words. */
  public String accepts() {
    return accepts;
  }

  /** What the key means, in one sentence. */
  public String doc() {
    return doc;
  }

  /** A value of the key as a configuration file would write it. */
  public String text(Object value) {
    if (value instanceof Enum<?> e) {
      return lowerCase(e);
    }
    return value instanceof Double d ? numberText(d) : String.valueOf(value);
  }

  /** Whether {@code conf} sets the key (to anything but blanks). */
  public boolean isSet(Configuration conf) {
    String text = conf.getTrimmed(name);
    return text != null && !text.isEmpty();
  }

  /** The key's value in {@code conf}, or its default; a bad value fails naming the key and what it accepts. */
  public T read(Configuration conf) {
    return isSet(conf) ? parse(conf.getTrimmed(name)) : defaultValue;
  }

  /** The value {@code text} stands for; an error naming the key, the text and what it accepts if it is none. */
  public T parse(String text) {
    String trimmed = text.trim();
    try {
      return parser.apply(trimmed);
    } catch (IllegalArgumentException e) { // NumberFormatException too
      String why = e instanceof NumberFormatException || e.getMessage() == null ? "" : " (" + e.getMessage() + ")";
      throw new IllegalArgumentException(refusal(trimmed) + why, e);
    }
  }

  /** The error for a value the key does not accept, as {@code text} shows it: {@code KEY = 'TEXT': expected ...}. */
  public IllegalArgumentException refused(String text) {
    return new IllegalArgumentException(refusal(text));
  }

  private String refusal(String text) {
    return name + " = '" + text + "': expected " + accepts;
  }

  @Override
  public String toString() {
    return name;
  }
}
