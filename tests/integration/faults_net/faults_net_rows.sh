# shellcheck shell=bash
# The rows of the fault matrix (docs/faults.md), one function each: the fault, then what
# the client must have seen. Sourced by faults_net.sh, which made cli and srv.

# SIGKILL mid-call: COMM_FAILURE COMPLETED_MAYBE at once, TRANSIENT while the server is
# down, and calls succeed again on the same reference once it is back on its port.
row_server_killed() {
  start_server --sleep-ms 150  # a kill lands mid-call
  probe calls "file://$IOR" --calls 40 --retry-ms 100
  bed_sleep 1.5
  kill -KILL "$SERVER"
  wait "$SERVER" 2>/dev/null || true
  bed_sleep 1.5
  start_server --sleep-ms 150
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
  bed_sleep 1
  bed_link_down srv
  bed_sleep 2.5
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

# A host gone without a FIN and no timeout set: the ORB's keep-alive (its -ORBSocketOptions
# keys, shortened here) ends the wait with COMM_FAILURE; no call waits for ever.
row_host_gone_keepalive() {
  start_server
  # Probes after 1 s of silence, 1 s apart, 2 unanswered ones end it; unacknowledged
  # bytes end it after 3 s. The defaults (30 s, 5 s, 4, 50 s) give about 50 s.
  probe calls "file://$IOR" --calls 4 --interval-ms 200 -ORBConnectTimeout 1000 \
    -ORBSocketOptions keep_alive_idle=1,keep_alive_interval=1,keep_alive_count=2,user_timeout=3000
  bed_sleep 0.5
  bed_link_down srv
  bed_wait_pid "$PROBE" 40 || fail "a call waited on a dead peer for over 40 s"
  local log="$WORK/calls.log" first
  first=$(first_failure "$log")
  echo "first failure: $first"
  read -r _ _ took outcome _ <<<"$first"
  [[ $outcome == COMM_FAILURE ]] || fail "the call to the dead host ended with '$first'"
  expect_within "$took" 10000 "noticing the dead host"
  figure detect_ms $((took / 1000))
}

# SYNs never answered (srv's replies to cli blackholed): the connect timeout, then TRANSIENT
# COMPLETED_NO; calls succeed once the route is back.
row_syn_blackhole() {
  start_server
  bed_blackhole srv "$CLI"
  probe calls "file://$IOR" --calls 6 --interval-ms 100 -ORBConnectTimeout 1000
  local deadline=$((SECONDS + 10))
  until grep -q '^call 0 ' "$WORK/calls.log" || ((SECONDS > deadline)); do sleep 0.05; done
  bed_unblackhole srv "$CLI"
  bed_wait_pid "$PROBE" 20 || fail "the probe did not finish"
  local log="$WORK/calls.log" first
  first=$(first_failure "$log")
  echo "first failure: $first"
  read -r index _ took outcome minor completion <<<"$first"
  [[ $index == 0 && $outcome == TRANSIENT && $completion == COMPLETED_NO ]] ||
    fail "the unanswered connect gave '$first', not TRANSIENT COMPLETED_NO on the first call"
  [[ $minor == 0x52540312 ]] || fail "minor $minor is not transient_connect_timeout"
  expect_within "$took" 2000 "the unanswered connect"
  [[ $(last_outcome "$log") == OK ]] || fail "no call succeeded once SYNs were answered"
  figure detect_ms $((took / 1000))
}

# cli cut off for 5 s, then back: calls during it end in TIMEOUT (1 s timeout) or, when
# the kernel gives up a connect first, TRANSIENT; calls after it succeed with nothing
# restarted.
row_partition_heals() {
  start_server
  probe calls "file://$IOR" --calls 40 --interval-ms 100 --timeout-ms 1000
  bed_sleep 1
  bed_link_down cli
  bed_sleep 5
  bed_link_up cli
  bed_wait_pid "$PROBE" 30 || fail "the probe did not finish"
  local log="$WORK/calls.log"
  kill -0 "$SERVER" 2>/dev/null || fail "the server did not outlive the partition"
  local failed ok_after
  failed=$(calls "$log" | awk '$4 != "OK"' | wc -l)
  ((failed > 0)) || fail "no call failed during the partition"
  # TRANSIENT: a connect that the kernel gave up on (no ARP answer: EHOSTUNREACH).
  (($(calls "$log" | awk '$4 != "OK" && $4 != "TIMEOUT" && $4 != "TRANSIENT"' | wc -l) == 0)) ||
    fail "calls failed otherwise than TIMEOUT or TRANSIENT"
  ok_after=$(calls "$log" | awk '$4 != "OK" {n = 0; next} {n++} END {print n}')
  ((ok_after >= 5)) || fail "only $ok_after calls succeeded after the partition"
  local healed_ms
  healed_ms=$(calls "$log" | awk '$4 != "OK" {last = $2 + $3 / 1000} END {printf "%d", last}')
  figure failed_calls "$failed"
  figure last_failure_end_ms "$healed_ms"
}

# 50 ms each way with 10 ms of jitter and a 200 ms stall every 7th chunk (a segment lost
# and resent), through fault_proxy: every call succeeds, large sequences arrive whole.
row_delay() {
  start_server
  start_proxy --delay-ms 50 --jitter-ms 10 --stall-every 7 --stall-ms 200
  local proxied
  proxied=$(via_proxy)
  probe direct "file://$IOR" --calls 30
  bed_wait_pid "$PROBE" 20 || fail "the direct probe did not finish"
  probe delayed "$proxied" --calls 30
  bed_wait_pid "$PROBE" 30 || fail "the delayed probe did not finish"
  probe large "$proxied" --calls 3 --seq-len 250000
  bed_wait_pid "$PROBE" 30 || fail "the large probe did not finish"
  local log
  for log in direct delayed large; do
    grep -q "summary ok [0-9]* failed 0 " "$WORK/$log.log" || fail "calls failed in $log.log"
  done
  figure direct "$(grep summary "$WORK/direct.log")"
  figure delayed "$(grep summary "$WORK/delayed.log")"
  figure large_1MB "$(grep summary "$WORK/large.log")"
}

# A peer that accepts and never reads (fault_proxy --sink on the server's address): a
# 16 MB request fills the socket buffers, and the send ends with the 1.5 s timeout.
row_never_reads() {
  start_server
  kill -TERM "$SERVER"
  bed_wait_pid "$SERVER" 10 || fail "the server did not stop"
  bed_run srv sink python3 "$PROXY" --listen "$SRV:9001" --sink --ready-file "$WORK/sink.ready"
  bed_wait_file "$WORK/sink.ready" 10 || fail "the sink did not start"
  probe calls "file://$IOR" --calls 2 --timeout-ms 1500 --seq-len 4000000
  bed_wait_pid "$PROBE" 20 || fail "a send to a peer that never reads was not bounded"
  local log="$WORK/calls.log" first
  first=$(first_failure "$log")
  echo "first failure: $first"
  read -r _ _ took outcome _ <<<"$first"
  [[ $outcome == TIMEOUT ]] || fail "the blocked send ended with '$first', not TIMEOUT"
  expect_within "$took" 2500 "the blocked send"
  (($(count "$log" TIMEOUT) == 2)) || fail "not every call to the sink timed out"
  figure detect_ms $((took / 1000))
}

# One byte every 20 ms from a slow client (through fault_proxy --drip-ms) while another
# client calls directly: the direct calls all succeed while the drip goes on, and the
# dripped call is served when its last byte arrives.
row_slow_drip() {
  start_server
  start_proxy --drip-ms 20
  local proxied drip
  proxied=$(via_proxy)
  probe drip "$proxied" --calls 1
  drip=$PROBE
  bed_sleep 0.5
  probe direct "file://$IOR" --calls 40 --interval-ms 25
  bed_wait_pid "$PROBE" 20 || fail "the direct probe did not finish"
  kill -0 "$drip" 2>/dev/null || fail "the drip ended before the direct calls did: no overlap"
  grep -q "summary ok 40 failed 0 " "$WORK/direct.log" || fail "direct calls failed beside a drip"
  bed_wait_pid "$drip" 30 || fail "the dripped call was not served"
  grep -q "summary ok 1 failed 0 " "$WORK/drip.log" || fail "the dripped call failed"
  figure direct "$(grep summary "$WORK/direct.log")"
  figure drip "$(grep summary "$WORK/drip.log")"
}

# A connection that goes silent without a FIN after its first reply (fault_proxy
# --half-open), with -ORBReplyTimeout 1000: the silent call ends in TIMEOUT, and the next
# call succeeds on a new connection (the silent one is not reused). Keep-alive cannot see
# this fault: the peer's TCP still answers.
row_half_open() {
  start_server
  start_proxy --half-open
  probe calls "$(via_proxy)" --calls 4 -ORBReplyTimeout 1000
  bed_wait_pid "$PROBE" 20 || fail "the probe did not finish"
  local log="$WORK/calls.log" first
  first=$(first_failure "$log")
  echo "first failure: $first"
  read -r index _ took outcome _ <<<"$first"
  [[ $outcome == TIMEOUT ]] || fail "the silent connection gave '$first', not TIMEOUT"
  expect_within "$took" 1500 "the silent call"
  calls "$log" | awk -v i="$index" '$1 > i && $4 == "OK" {found = 1} END {exit !found}' ||
    fail "no call succeeded after the silent one: the dead connection was reused"
  figure detect_ms $((took / 1000))
}
