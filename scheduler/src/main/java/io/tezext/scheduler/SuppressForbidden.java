package io.tezext.scheduler;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the few places the scheduler's machinery may use what its policy must not (the wall clock
 * of its production clock; stderr for a start-up failure YARN shows the user); the build's
 * forbidden-apis check honours it. {@link #value()} says why.
 */
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface SuppressForbidden {
  String value();
}
