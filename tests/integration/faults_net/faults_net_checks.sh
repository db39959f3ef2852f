# shellcheck shell=bash
# What the fault rows check in a faults-net-probe log (one "call <i> at <ms> took <us>
# <OUTCOME> [minor completion]" line per call): sourced by faults_net.sh.

fail() {
  echo "FAIL ($ROW): $*" >&2
  local log
  for log in "$WORK"/*.log; do
    [[ -f $log ]] || continue
    echo "---- $(basename "$log")" >&2
    tail -n 40 "$log" >&2
  done
  exit 1
}

# calls LOG: the call lines, as "<i> <at_ms> <took_us> <outcome> [minor] [completion]".
calls() { awk '$1 == "call" {print $2, $4, $6, $7, $8, $9}' "$1"; }

# first_failure LOG: the first call line whose outcome is not OK.
first_failure() { calls "$1" | awk '$4 != "OK" {print; exit}'; }

# count LOG OUTCOME: how many calls ended so.
count() { calls "$1" | awk -v o="$2" '$4 == o {n++} END {print n + 0}'; }

# last_outcome LOG: the last call's outcome.
last_outcome() { calls "$1" | awk '{o = $4} END {print o}'; }

# expect_within US LIMIT_MS WHAT: fails unless US microseconds are at most LIMIT_MS.
expect_within() {
  (($1 <= $2 * 1000)) || fail "$3 took $(($1 / 1000)) ms, more than the bound of $2 ms"
}

# figure NAME VALUE: a measured number, for docs/faults.md.
figure() { echo "figure $ROW $1 $2"; }
