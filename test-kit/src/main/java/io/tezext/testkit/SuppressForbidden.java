package io.tezext.testkit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks where the test kit waits in real time for a real cluster (the build's forbidden-apis check
 * honours it). {@link #value()} says why.
 */
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface SuppressForbidden {
  String value();
}
