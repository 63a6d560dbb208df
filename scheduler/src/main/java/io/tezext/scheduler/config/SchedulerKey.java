package io.tezext.scheduler.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

import org.apache.hadoop.conf.Configuration;

/**
 * One configuration key of the scheduler: its name (under {@code tezext.scheduler.}), when it is
 * read, its default, what it accepts and what it means. Reading a value from a configuration
 * validates it; a bad value is an error naming the key, the value and what is accepted.
 *
 * @param <T> the value's type
 */
public final class SchedulerKey<T> {
  /** Every key of the scheduler starts with this. */
  public static final String PREFIX = "tezext.scheduler.";

  private final String name;
  private final Scope scope;
  private final T defaultValue;
  private final String accepts;
  private final String doc;
  private final Function<String, T> parser;

  private SchedulerKey(String name, Scope scope, T defaultValue, String accepts, String doc,
      Function<String, T> parser) {
    this.name = PREFIX + name;
    this.scope = scope;
    this.defaultValue = defaultValue;
    this.accepts = accepts;
    this.doc = doc;
    this.parser = parser;
  }

  /** A duration in milliseconds in [min, max]. */
  static SchedulerKey<Long> millis(String name, Scope scope, long defaultValue, long min, long max, String doc) {
    return new SchedulerKey<>(name, scope, defaultValue, range("milliseconds", min, max), doc, text -> {
      long v = Long.parseLong(text);
      if (v < min || v > max) {
        throw new NumberFormatException();
      }
      return v;
    });
  }

  /** A whole number in [min, max]. */
  static SchedulerKey<Integer> count(String name, Scope scope, int defaultValue, int min, int max, String doc) {
    return new SchedulerKey<>(name, scope, defaultValue, range("an integer", min, max), doc, text -> {
      int v = Integer.parseInt(text);
      if (v < min || v > max) {
        throw new NumberFormatException();
      }
      return v;
    });
  }

  /** A number in [min, max]. */
  static SchedulerKey<Double> fraction(String name, Scope scope, double defaultValue, double min, double max,
      String doc) {
    return new SchedulerKey<>(name, scope, defaultValue, "a number in [" + min + ", " + max + "]", doc, text -> {
      double v = Double.parseDouble(text);
      if (!(v >= min && v <= max)) {
        throw new NumberFormatException();
      }
      return v;
    });
  }

  static SchedulerKey<Boolean> flag(String name, Scope scope, boolean defaultValue, String doc) {
    return new SchedulerKey<>(name, scope, defaultValue, "true or false", doc, text -> {
      if (text.equals("true") || text.equals("false")) {
        return Boolean.parseBoolean(text);
      }
      throw new NumberFormatException();
    });
  }

  static <E extends Enum<E>> SchedulerKey<E> choice(String name, Scope scope, E defaultValue, Class<E> type,
      String doc) {
    String names = String.join(", ", Arrays.stream(type.getEnumConstants())
        .map(e -> e.name().toLowerCase(Locale.ROOT)).toList());
    return new SchedulerKey<>(name, scope, defaultValue, "one of " + names, doc, text -> {
      try {
        return Enum.valueOf(type, text.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new NumberFormatException();
      }
    });
  }

  private static String range(String what, long min, long max) {
    return what + (max == Long.MAX_VALUE || max == Integer.MAX_VALUE ? " >= " + min : " in [" + min + ", " + max + "]");
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

  /** What the key accepts, in words. */
  public String accepts() {
    return accepts;
  }

  public String doc() {
    return doc;
  }

  /** The default as {@code tez-site.xml} would write it. */
  public String defaultText() {
    return text(defaultValue);
  }

  /** A value of the key as {@code tez-site.xml} would write it. */
  public String text(Object value) {
    return value instanceof Enum<?> e ? e.name().toLowerCase(Locale.ROOT) : String.valueOf(value);
  }

  /** The key's value in {@code conf}, or its default; a bad value fails naming the key and what it accepts. */
  public T read(Configuration conf) {
    String text = conf.getTrimmed(name);
    if (text == null || text.isEmpty()) {
      return defaultValue;
    }
    try {
      return parser.apply(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " = '" + text + "': expected " + accepts);
    }
  }
}
