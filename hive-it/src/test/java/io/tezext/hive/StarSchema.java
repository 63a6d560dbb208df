package io.tezext.hive;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A small TPC-DS-shaped star schema, generated from a seed: a {@code store_sales} fact of
 * {@value #SALES} rows over {@value #DAYS} days, and the {@code item}, {@code store} and
 * {@code date_dim} dimensions. The rows are kept, so a test computes each query's answer itself;
 * they are written as '|'-separated text files for Hive to load into ORC tables.
 */
final class StarSchema {
  static final int SALES = 120_000;
  static final int DAYS = 90;
  static final int ITEMS = 2_000;
  static final int STORES = 12;
  static final LocalDate FIRST_DAY = LocalDate.of(2024, 1, 1);
  static final List<String> CATEGORIES = List.of("Books", "Children", "Electronics", "Home", "Jewelry", "Men",
      "Music", "Shoes", "Sports", "Women");
  static final List<String> STATES = List.of("CA", "NY", "TX", "WA");

  record Item(int sk, String category, BigDecimal price) {
  }

  record Store(int sk, String name, String state) {
  }

  record Day(int sk, LocalDate date, boolean weekend) {
    int month() {
      return date.getMonthValue();
    }
  }

  record Sale(int dateSk, int itemSk, int storeSk, int customerSk, int quantity, BigDecimal price) {
  }

  final List<Item> items = new ArrayList<>();
  final List<Store> stores = new ArrayList<>();
  final List<Day> days = new ArrayList<>();
  final List<Sale> sales = new ArrayList<>();

  StarSchema(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 1; i <= ITEMS; i++) {
      items.add(new Item(i, CATEGORIES.get(random.nextInt(CATEGORIES.size())),
          BigDecimal.valueOf(100 + random.nextInt(9_900), 2)));
    }
    for (int s = 1; s <= STORES; s++) {
      stores.add(new Store(s, "store-" + s, STATES.get((s - 1) % STATES.size())));
    }
    for (int d = 1; d <= DAYS; d++) {
      LocalDate date = FIRST_DAY.plusDays(d - 1);
      days.add(new Day(d, date, date.getDayOfWeek() == DayOfWeek.SATURDAY || date.getDayOfWeek() == DayOfWeek.SUNDAY));
    }
    for (int i = 0; i < SALES; i++) {
      int item = 1 + (int) Math.min(ITEMS - 1, Math.abs(random.nextGaussian()) * ITEMS / 3); // popular items
      sales.add(new Sale(1 + random.nextInt(DAYS), item, 1 + random.nextInt(STORES), 1 + random.nextInt(50_000),
          1 + random.nextInt(100), BigDecimal.valueOf(50 + random.nextInt(20_000), 2)));
    }
  }

  Item item(int sk) {
    return items.get(sk - 1);
  }

  Store store(int sk) {
    return stores.get(sk - 1);
  }

  Day day(int sk) {
    return days.get(sk - 1);
  }

  /** Writes the tables as text: one directory a table, the fact in {@code salesFiles} files. */
  void writeText(Path dir, int salesFiles) throws IOException {
    write(dir.resolve("item/part-0"), items.stream().map(i -> i.sk() + "|" + i.category() + "|" + i.price()).toList());
    write(dir.resolve("store/part-0"), stores.stream().map(s -> s.sk() + "|" + s.name() + "|" + s.state()).toList());
    write(dir.resolve("date_dim/part-0"), days.stream().map(d -> d.sk() + "|" + d.date() + "|" + d.date().getYear()
        + "|" + d.month() + "|" + d.date().getDayOfMonth() + "|" + d.weekend()).toList());
    int perFile = (sales.size() + salesFiles - 1) / salesFiles;
    for (int f = 0; f < salesFiles; f++) {
      List<String> lines = sales.subList(f * perFile, Math.min(sales.size(), (f + 1) * perFile)).stream()
          .map(s -> s.dateSk() + "|" + s.itemSk() + "|" + s.storeSk() + "|" + s.customerSk() + "|" + s.quantity()
              + "|" + s.price()).toList();
      write(dir.resolve(String.format(Locale.ROOT, "store_sales/part-%d", f)), lines);
    }
  }

  private static void write(Path file, List<String> lines) throws IOException {
    Files.createDirectories(file.getParent());
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (String line : lines) {
        w.write(line);
        w.write('\n');
      }
    }
  }
}
