package io.tezext.splitgen.predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class PredicateParserTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "id = 5 | id = 5",
      "id == 5 | id = 5",
      "id <> 5 | id != 5",
      "price >= -1.5e3 | price >= -1.5e3",
      "name = 'O''Brien' | name = 'O''Brien'",
      "a.b < 3 | a.b < 3",
      "`odd name` > 0 | odd name > 0",
      "x IN (1, 2,3) | x in (1, 2, 3)",
      "x NOT IN (1) | not x in (1)",
      "d BETWEEN '2024-01-01' AND '2024-01-31' | d between '2024-01-01' and '2024-01-31'",
      "d not between 1 and 2 | not d between 1 and 2",
      "x is null | x is null",
      "x IS NOT NULL | not x is null",
      "flag = TRUE | flag = true",
      "a = 1 and b = 2 or c = 3 | (a = 1 and b = 2) or c = 3",
      "a = 1 and (b = 2 or c = 3) | a = 1 and (b = 2 or c = 3)",
      "not (a = 1 or b = 2) | not (a = 1 or b = 2)",
      "not not a = 1 | not not a = 1",
  })
  void readsEveryFormOfTheSyntax(String text, String canonical) {
    Predicate p = PredicateParser.parse(text);
    assertThat(p.toString()).isEqualTo(canonical);
  }

  @Test
  void andBindsTighterThanOr() {
    Predicate p = PredicateParser.parse("a = 1 or b = 2 and c = 3");
    assertThat(p).isInstanceOf(Predicate.Or.class);
    assertThat(((Predicate.Or) p).terms().get(1)).isInstanceOf(Predicate.And.class);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "id = | at character 5: expected a value",
      "id 5 | at character 4: expected a comparison",
      "= 5 | at character 1: expected a column name",
      "and = 5 | at character 1: expected a column name",
      "id = 5 and | at character 11: expected a column name, found the end",
      "id = 5 5 | at character 8: expected 'and', 'or' or the end",
      "(id = 5 | at character 8: expected ')'",
      "id in 1, 2 | at character 7: expected '('",
      "id between 1 or 2 | at character 14: expected 'and'",
      "id is 5 | at character 7: expected 'null'",
      "id not like 5 | at character 8: expected 'in' or 'between'",
      "name = 'open | at character 8: a string not closed by '",
      "id = 1.2.3 | at character 6: '1.2.3' is not a number",
      "id ; 5 | at character 4: unexpected character ';'",
      "id = maybe | at character 6: expected a value",
  })
  void aMistakeIsNamedWithItsPositionAndWhatWasExpected(String text, String message) {
    assertThatThrownBy(() -> PredicateParser.parse(text)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message).hasMessageContaining(text);
  }

  @Test
  void anEmptyPredicateIsAnError() {
    assertThatThrownBy(() -> PredicateParser.parse("  ")).hasMessageContaining("empty predicate");
  }
}
