package io.tezext.simulator;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the few places allowed to read the wall clock (the build's forbidden-apis check honours
 * it). Each use says why in {@link #value()}; none may feed a simulated decision.
 */
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface SuppressForbidden {
  String value();
}
