package io.tezext.hive;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;

/**
 * The jar Hive users put on {@code hive.aux.jars.path} and {@code tez.aux.uris} beside the tezext
 * jar lands where Hive, Hadoop and Tez already are: it holds this module's classes and nothing else
 * (no Hive, and not split generation or the reader, which the tezext jar carries once).
 */
class HiveJarContentsIT {
  @Test
  void theJarHoldsOnlyTheHiveModulesClasses() throws IOException {
    Path jar = Path.of(System.getProperty("tezext.hive.jar", "target/missing.jar"));
    assertThat(jar).as("the packaged jar (run through mvn verify)").isRegularFile();
    assertThat(jar.getFileName().toString()).matches("tezext-hive-\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\\.jar");
    try (JarFile file = new JarFile(jar.toFile())) {
      List<String> foreign = file.stream().map(JarEntry::getName).filter(n -> !n.endsWith("/"))
          .filter(n -> !n.startsWith("io/tezext/hive/") && !n.startsWith("META-INF/")).toList();
      assertThat(foreign).as("entries of %s outside io/tezext/hive", jar).isEmpty();
      assertThat(file.getEntry("io/tezext/hive/splits/TezextOrcInputFormat.class")).isNotNull();
      assertThat(file.getEntry("io/tezext/hive/ordered/TezextHiveInputFormat.class")).isNotNull();
    }
  }
}
