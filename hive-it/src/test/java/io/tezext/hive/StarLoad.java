package io.tezext.hive;

import java.nio.file.Path;

/**
 * Loads the star schema's text files into ORC tables as a Hive user would: external text tables over
 * the files, then {@code CREATE TABLE ... STORED AS ORC} and {@code INSERT ... SELECT}, the fact
 * table partitioned by month (dynamic partitions) and inserted in {@value #FACT_INSERTS} parts, so
 * that each partition holds several files.
 */
final class StarLoad {
  static final int FACT_INSERTS = 3;

  private StarLoad() {
  }

  static void load(HiveOnTez hive, Path text) throws Exception {
    hive.run(
        "CREATE EXTERNAL TABLE text_store_sales (ss_sold_date_sk INT, ss_item_sk INT, ss_store_sk INT, "
            + "ss_customer_sk INT, ss_quantity INT, ss_sales_price DECIMAL(7,2)) ROW FORMAT DELIMITED "
            + "FIELDS TERMINATED BY '|' LOCATION '" + text.resolve("store_sales").toUri() + "'",
        "CREATE EXTERNAL TABLE text_item (i_item_sk INT, i_category STRING, i_price DECIMAL(7,2)) "
            + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' LOCATION '" + text.resolve("item").toUri() + "'",
        "CREATE EXTERNAL TABLE text_store (s_store_sk INT, s_store_name STRING, s_state STRING) "
            + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' LOCATION '" + text.resolve("store").toUri() + "'",
        "CREATE EXTERNAL TABLE text_date_dim (d_date_sk INT, d_date DATE, d_year INT, d_moy INT, d_dom INT, "
            + "d_weekend BOOLEAN) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' LOCATION '"
            + text.resolve("date_dim").toUri() + "'",
        "CREATE TABLE item STORED AS ORC AS SELECT * FROM text_item",
        "CREATE TABLE store STORED AS ORC AS SELECT * FROM text_store",
        "CREATE TABLE date_dim STORED AS ORC AS SELECT * FROM text_date_dim",
        "CREATE TABLE store_sales (ss_sold_date_sk INT, ss_item_sk INT, ss_store_sk INT, ss_customer_sk INT, "
            + "ss_quantity INT, ss_sales_price DECIMAL(7,2)) PARTITIONED BY (ss_month INT) STORED AS ORC",
        "SET hive.exec.dynamic.partition.mode=nonstrict");
    for (int part = 0; part < FACT_INSERTS; part++) { // each INSERT INTO adds a file to each partition
      hive.run("INSERT INTO store_sales PARTITION (ss_month) SELECT s.*, month(d.d_date) FROM text_store_sales s "
          + "JOIN text_date_dim d ON s.ss_sold_date_sk = d.d_date_sk WHERE s.ss_customer_sk % " + FACT_INSERTS
          + " = " + part);
    }
    hive.run("RESET");
  }
}
