package io.tezext.hive;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The queries run on the star schema, shaped like TPC-DS's: a filtered scan with an aggregate, a
 * shuffle join, a broadcast (map) join, a union, ORDER BY with LIMIT, and a DAG of four or more
 * vertices. Each carries its answer, computed here from the generated rows, not by Hive.
 */
final class StarQueries {
  /**
   * One query: the settings it runs with, its SQL, what its EXPLAIN must show (the plan shape it
   * stands for), and its answer.
   */
  record Query(String name, List<String> settings, String sql, String planMust,
      Function<StarSchema, List<List<Object>>> answer) {
    /** Checks Hive's rows against the answer: numbers by value (Hive prints decimals its own way). */
    void check(List<List<String>> rows, StarSchema data) {
      List<List<Object>> expected = answer.apply(data);
      assertThat(rows).as(name + ": rows").hasSize(expected.size());
      for (int r = 0; r < rows.size(); r++) {
        List<String> row = rows.get(r);
        List<Object> want = expected.get(r);
        assertThat(row).as(name + ": columns of row " + r).hasSize(want.size());
        for (int c = 0; c < want.size(); c++) {
          if (want.get(c) instanceof Number n) {
            assertThat(new BigDecimal(row.get(c))).as("%s: row %d %s, column %d", name, r, row, c)
                .isEqualByComparingTo(new BigDecimal(n.toString()));
          } else {
            assertThat(row.get(c)).as("%s: row %d, column %d", name, r, c).isEqualTo(want.get(c).toString());
          }
        }
      }
    }
  }

  private StarQueries() {
  }

  static final Query SCAN_FILTER_AGGREGATE = new Query("scan_filter_aggregate", List.of(),
      "SELECT ss_store_sk, count(*), sum(ss_quantity), sum(ss_sales_price) FROM store_sales "
          + "WHERE ss_quantity > 80 GROUP BY ss_store_sk ORDER BY ss_store_sk",
      "Filter Operator",
      data -> grouped(data.sales.stream().filter(s -> s.quantity() > 80).toList(), StarSchema.Sale::storeSk,
          (k, rows) -> List.of(k, (long) rows.size(), sumQuantity(rows), sumPrice(rows))));

  static final Query SHUFFLE_JOIN = new Query("shuffle_join", List.of("SET hive.auto.convert.join=false"),
      "SELECT i_category, count(*), sum(ss_quantity) FROM store_sales JOIN item ON ss_item_sk = i_item_sk "
          + "GROUP BY i_category ORDER BY i_category",
      "Merge Join Operator",
      data -> grouped(data.sales, s -> data.item(s.itemSk()).category(),
          (k, rows) -> List.of(k, (long) rows.size(), sumQuantity(rows))));

  static final Query BROADCAST_JOIN = new Query("broadcast_join", List.of("SET hive.auto.convert.join=true"),
      "SELECT s_state, count(*), sum(ss_sales_price) FROM store_sales JOIN store ON ss_store_sk = s_store_sk "
          + "GROUP BY s_state ORDER BY s_state",
      "BROADCAST_EDGE",
      data -> grouped(data.sales, s -> data.store(s.storeSk()).state(),
          (k, rows) -> List.of(k, (long) rows.size(), sumPrice(rows))));

  static final Query UNION = new Query("union", List.of("SET hive.auto.convert.join=true"),
      "SELECT kind, n FROM (SELECT 'weekend' AS kind, count(*) AS n FROM store_sales "
          + "JOIN date_dim ON ss_sold_date_sk = d_date_sk WHERE d_weekend "
          + "UNION ALL SELECT 'weekday' AS kind, count(*) AS n FROM store_sales "
          + "JOIN date_dim ON ss_sold_date_sk = d_date_sk WHERE NOT d_weekend) u ORDER BY kind",
      "Union",
      data -> {
        long weekend = data.sales.stream().filter(s -> data.day(s.dateSk()).weekend()).count();
        return List.of(List.of("weekday", data.sales.size() - weekend), List.of("weekend", weekend));
      });

  static final Query ORDER_BY_LIMIT = new Query("order_by_limit", List.of(),
      "SELECT ss_item_sk, sum(ss_quantity) AS q FROM store_sales GROUP BY ss_item_sk "
          + "ORDER BY q DESC, ss_item_sk LIMIT 10",
      "Limit",
      data -> {
        Map<Integer, Long> byItem = data.sales.stream().collect(Collectors.groupingBy(StarSchema.Sale::itemSk,
            TreeMap::new, Collectors.summingLong(StarSchema.Sale::quantity)));
        return byItem.entrySet().stream()
            .sorted(Map.Entry.<Integer, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
            .limit(10).map(e -> List.<Object>of(e.getKey(), e.getValue())).toList();
      });

  static final Query MULTI_STAGE = new Query("multi_stage", List.of("SET hive.auto.convert.join=false"),
      "SELECT d_moy, i_category, s_state, count(*), sum(ss_sales_price) FROM store_sales "
          + "JOIN date_dim ON ss_sold_date_sk = d_date_sk JOIN item ON ss_item_sk = i_item_sk "
          + "JOIN store ON ss_store_sk = s_store_sk WHERE i_price > 50 "
          + "GROUP BY d_moy, i_category, s_state ORDER BY d_moy, i_category, s_state",
      "Reducer 4",
      data -> {
        Map<String, List<StarSchema.Sale>> groups = new TreeMap<>();
        List<String[]> keys = new ArrayList<>();
        for (StarSchema.Sale s : data.sales) {
          if (data.item(s.itemSk()).price().compareTo(BigDecimal.valueOf(50)) > 0) {
            String[] key = {String.format("%02d", data.day(s.dateSk()).month()), data.item(s.itemSk()).category(),
                data.store(s.storeSk()).state()};
            groups.computeIfAbsent(String.join("|", key), k -> {
              keys.add(key);
              return new ArrayList<>();
            }).add(s);
          }
        }
        keys.sort(Comparator.comparing((String[] k) -> k[0]).thenComparing(k -> k[1]).thenComparing(k -> k[2]));
        return keys.stream().map(k -> {
          List<StarSchema.Sale> rows = groups.get(String.join("|", k));
          return List.<Object>of(Integer.parseInt(k[0]), k[1], k[2], (long) rows.size(), sumPrice(rows));
        }).toList();
      });

  static final List<Query> ALL = List.of(SCAN_FILTER_AGGREGATE, SHUFFLE_JOIN, BROADCAST_JOIN, UNION, ORDER_BY_LIMIT,
      MULTI_STAGE);

  private static <K extends Comparable<K>> List<List<Object>> grouped(List<StarSchema.Sale> sales,
      Function<StarSchema.Sale, K> key, java.util.function.BiFunction<K, List<StarSchema.Sale>, List<Object>> row) {
    Map<K, List<StarSchema.Sale>> groups = sales.stream().collect(Collectors.groupingBy(key, TreeMap::new,
        Collectors.toList()));
    return groups.entrySet().stream().map(e -> row.apply(e.getKey(), e.getValue())).toList();
  }

  private static long sumQuantity(List<StarSchema.Sale> rows) {
    return rows.stream().mapToLong(StarSchema.Sale::quantity).sum();
  }

  private static BigDecimal sumPrice(List<StarSchema.Sale> rows) {
    return rows.stream().map(StarSchema.Sale::price).reduce(BigDecimal.ZERO, BigDecimal::add);
  }
}
