package io.tezext.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The jar operators put on {@code tez.aux.uris} lands on the class path of an AM that already has
 * Hadoop, Tez, Guava and protobuf. A second copy of any of them there is a class-loading accident
 * waiting for a version bump, so the jar holds our classes and nothing else.
 */
class PluginJarContentsIT {

  private static Path jar;
  private static Set<String> entries;

  @BeforeAll
  static void readJar() throws IOException {
    jar = Path.of(System.getProperty("tezext.jar", "target/missing.jar"));
    assertThat(jar).as("the packaged plugin jar (run through mvn verify)").isRegularFile();
    try (JarFile file = new JarFile(jar.toFile())) {
      entries = file.stream()
          .map(JarEntry::getName)
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  @Test
  void jarIsNamedForTheRelease() {
    assertThat(jar.getFileName().toString()).matches("tezext-\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\\.jar");
  }

  @Test
  void everyClassInTheJarIsOurs() {
    List<String> foreign = entries.stream()
        .filter(name -> name.endsWith(".class"))
        .filter(name -> !name.startsWith("io/tezext/"))
        .collect(Collectors.toList());
    assertThat(foreign).as("classes in %s that are not tezext's", jar).isEmpty();
  }

  @Test
  void jarCarriesNoThirdPartyMetadataOrResources() {
    List<String> foreign = entries.stream()
        .filter(name -> !name.endsWith("/"))
        .filter(name -> !name.startsWith("io/tezext/"))
        .filter(name -> !name.equals("META-INF/MANIFEST.MF"))
        .collect(Collectors.toList());
    assertThat(foreign).as("non-tezext entries in %s", jar).isEmpty();
  }

  @Test
  void everyClassOfThePluginModulesIsInTheJar() throws IOException {
    Set<String> compiled = new TreeSet<>();
    for (String dir : System.getProperty("tezext.module.classes", "").split(",")) {
      Path classes = Path.of(dir);
      if (!Files.isDirectory(classes)) {
        continue; // a module with no main sources yet has no classes directory
      }
      try (Stream<Path> files = Files.walk(classes)) {
        files.filter(Files::isRegularFile)
            .map(f -> classes.relativize(f).toString().replace('\\', '/'))
            .filter(name -> name.endsWith(".class"))
            .forEach(compiled::add);
      }
    }
    assertThat(compiled).as("classes compiled by the plugin modules (none: the jar would pass empty)").isNotEmpty();
    assertThat(entries).containsAll(compiled);
  }

  @Test
  void theJarIsNotEmpty() {
    assertThat(entries).as("classes in %s", jar).anyMatch(name -> name.endsWith(".class"));
  }

  @Test
  void noHadoopTezGuavaOrProtobufPackages() {
    List<String> banned = Arrays.asList(
        "org/apache/hadoop/", "org/apache/tez/", "com/google/common/", "com/google/protobuf/",
        "org/apache/hive/", "org/apache/orc/", "org/slf4j/", "org/apache/log4j/");
    assertThat(entries).noneMatch(name -> banned.stream().anyMatch(name::startsWith));
  }
}
