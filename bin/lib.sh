# Shared by bin/tezext-sim and bench/run: build a module when its sources changed, then print the
# class path to run it from. Sourced, not executed.

# Rebuilds MODULE (and what it depends on) when its class path file is missing or any source of the
# project is newer than it. Quiet unless the build fails.
tezext_build_module() {
  local root=$1 module=$2
  local stamp="$root/$module/target/runtime-classpath.txt"
  if [ -f "$stamp" ] && [ -z "$(find "$root" -path "$root/*/target" -prune -o \
      \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/resources/*' \) -newer "$stamp" -print -quit)" ]; then
    return 0
  fi
  echo "building $module (first run, or sources changed) ..." >&2
  local log
  log=$(mktemp)
  if ! (cd "$root" && mvn --batch-mode --no-transfer-progress -q install -DskipTests -pl "$module" -am) >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "build of $module failed; see the output above" >&2
    return 1
  fi
  rm -f "$log"
  touch "$stamp" # the class path file keeps its date when its content did not change
}

tezext_module_classpath() {
  local root=$1 module=$2
  printf '%s:%s' "$root/$module/target/classes" "$(cat "$root/$module/target/runtime-classpath.txt")"
}

# A JVM fact from build/jvm.properties, the one list the poms and the test kit read too.
tezext_jvm_fact() {
  local root=$1 key=$2 value
  value=$(sed -n "s/^${key}=//p" "$root/build/jvm.properties")
  if [ -z "$value" ]; then
    echo "build/jvm.properties has no $key" >&2
    return 1
  fi
  printf '%s' "$value"
}

# The JVM options every simulator or benchmark JVM starts with.
tezext_java_opts() {
  tezext_jvm_fact "$1" jdk17.opens
}
