package io.tezext.scheduler;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the one place the scheduler reads the wall clock: its production clock, outside the policy
 * (the build's forbidden-apis check honours it). {@link #value()} says why.
 */
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface SuppressForbidden {
  String value();
}
