# shellcheck shell=bash
# The rows of the fault matrix (docs/faults.md), one function each: the fault, then what
# the client must have seen. Sourced by faults_net.sh, which made cli and srv.

# SIGKILL mid-call: COMM_FAILURE COMPLETED_MAYBE at once, TRANSIENT while the server is
# down, and calls succeed again on the same reference once it is back on its port.
row_server_killed() {
  start_server --work 1000000  # ~0.1 s a call: a kill lands mid-call
  probe calls "file://$IOR" --calls 40 --retry-ms 100
  sleep 1.5
  kill -KILL "$SERVER"
  wait "$SERVER" 2>/dev/null || true
  sleep 1.5
  start_server --work 1000000
  bed_wait_pid "$PROBE" 30 || fail "the probe did not finish"
  local log="$WORK/calls.log" first
  first=$(first_failure "$log")
  echo "first failure: $first"
  read -r _ _ took outcome _ completion <<<"$first"
  [[ $outcome == COMM_FAILURE && $completion == COMPLETED_MAYBE ]] ||
    fail "the call the kill cut was '$first', not COMM_FAILURE COMPLETED_MAYBE"
  expect_within "$took" 1000 "noticing the kill"
  (($(count "$log" TRANSIENT) > 0)) || fail "no call saw TRANSIENT while the server was down"
  local others
  others=$(calls "$log" | awk '$4 != "OK" && $4 != "TRANSIENT"' | wc -l)
  ((others == 1)) || fail "$others calls failed otherwise than TRANSIENT"
  [[ $(last_outcome "$log") == OK ]] || fail "no call succeeded after the restart"
  figure detect_ms $((took / 1000))
}

# A host gone without a FIN mid-run, with a RelativeRoundtripTimeout of 1 s: the call in
# flight ends in TIMEOUT within the timeout and a margin; calls after the link is back
# succeed on a new connection.
row_host_gone_timeout() {
  start_server
  probe calls "file://$IOR" --calls 25 --interval-ms 100 --timeout-ms 1000
  sleep 1
  bed_link_down srv
  sleep 2.5
  bed_link_up srv
  bed_wait_pid "$PROBE" 30 || fail "the probe did not finish"
  local log="$WORK/calls.log" first
  first=$(first_failure "$log")
  echo "first failure: $first"
  read -r _ _ took outcome _ <<<"$first"
  [[ $outcome == TIMEOUT ]] || fail "the call the loss cut was '$first', not TIMEOUT"
  expect_within "$took" 1500 "the timed-out call"
  local others
  others=$(calls "$log" | awk '$4 != "OK" && $4 != "TIMEOUT" && $4 != "TRANSIENT"' | wc -l)
  ((others == 0)) || fail "$others calls failed with neither TIMEOUT nor TRANSIENT"
  [[ $(last_outcome "$log") == OK ]] || fail "no call succeeded once the link was back"
  figure detect_ms $((took / 1000))
}
