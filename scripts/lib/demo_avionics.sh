# scripts/demo's avionics part (sourced; uses the demo's bin, work, pids, step, stop, fail and
# wait_for_file): the papers' scenario on the real-time Event Service. Sensor suppliers at
# 30, 15 and 5 Hz in one process, rtorb-event-service in priority dispatching in a second,
# the consumers of each rate group in a third, their priorities from rtorb-schedule's
# analysis of examples/scheduling/avionics.tasks, and a flood of low-priority events growing
# beside them (a fourth process). Then the same through omniEvents (no priorities).

avionics_seconds=12
avionics_flood_steps=(0 2000 10000 20000) # low-priority events/s, each for a quarter of the run
avionics_flood_priority=500               # below every rate group's priority

# group_priority RATE: the CORBA priority rtorb-schedule gave the rate group of RATE Hz.
group_priority() {
  sed -n "s/.*(${1} Hz), CORBA priority \([0-9]*\).*/\1/p" "$work/schedule.txt"
}

# avionics_flood FACE CHANNEL PRIORITY OUT: the growing flood, one supplier run per step.
avionics_flood() {
  local step_seconds=$((avionics_seconds / ${#avionics_flood_steps[@]})) rate
  for rate in "${avionics_flood_steps[@]}"; do
    if ((rate == 0)); then
      sleep "$step_seconds"
      continue
    fi
    "$bin/rtorb-events-supplier" --face "$1" --channel "$2" --groups "200/$3/$rate" \
      --seconds "$step_seconds" --end 0 >>"$4" || return 1
  done
}

# avionics_run NAME FACE SUPPLY_CHANNEL GROUPS_SUPPLY GROUPS_CONSUME [--channels LIST]:
# consumers, flood and sensors; leaves NAME.{consumed,supplied,flood} in $work.
avionics_run() {
  local name="$1" face="$2" channel="$3" supply="$4" consume="$5"
  shift 5
  "$bin/rtorb-events-consumer" receive --face "$face" --channel "$channel" --groups "$consume" \
    --suppliers 0 "$@" >"$work/$name.consumed" 2>"$work/$name.consumer.err" &
  local consumer=$!
  pids+=("$consumer")
  sleep 1 # the consumers connect
  local flood_channel="$channel" flood_priority="$avionics_flood_priority"
  if (($# > 0)); then flood_channel="${2##*,}"; fi
  [[ $face == cos ]] && flood_priority=0
  avionics_flood "$face" "$flood_channel" "$flood_priority" "$work/$name.flood" &
  local flood=$!
  timeout -k 5 $((avionics_seconds + 30)) "$bin/rtorb-events-supplier" --face "$face" \
    --channel "$channel" --groups "$supply" --seconds "$avionics_seconds" --end 0 "$@" \
    >"$work/$name.supplied" || fail "the $name sensor suppliers failed"
  wait "$flood" || fail "the $name flood failed"
  sleep 1 # the last events arrive
  stop "$consumer" || fail "the $name consumers failed: $(cat "$work/$name.consumer.err")"
}

avionics_rtorb() {
  step "rtorb-event-service --dispatching priority: a queue and a thread per rate group"
  "$bin/rtorb-event-service" --ior-file "$work/ec.ior" --dispatching priority \
    -ORBEndpoint iiop://127.0.0.1:0 -ORBLockMemory yes >"$work/ec.out" 2>&1 &
  local service=$!
  pids+=("$service")
  wait_for_file "$work/ec.ior" "$work/ec.out"
  local p30 p15 p5
  p30="$(group_priority 30)" p15="$(group_priority 15)" p5="$(group_priority 5)"
  echo "sensors at 30, 15 and 5 Hz (priorities $p30, $p15, $p5), a flood growing to" \
    "${avionics_flood_steps[-1]} events/s at priority $avionics_flood_priority, for ${avionics_seconds} s"
  avionics_run rtorb rtec "file://$work/ec.ior" "130/$p30/30,115/$p15/15,105/$p5/5" \
    "130/$p30/33333,115/$p15/66667,105/$p5/200000,200/$avionics_flood_priority/0"
  stop "$service" || fail "rtorb-event-service failed: $(cat "$work/ec.out")"
}

avionics_omni() {
  local port
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  mkdir -p "$work/omnievents"
  OMNIORB_USEHOSTNAME=127.0.0.1 /usr/sbin/omniEvents -f -p "$port" -l "$work/omnievents" \
    >"$work/omnievents.out" 2>&1 &
  local daemon=$! channels=() i ior
  pids+=("$daemon")
  for i in 0 1 2 3; do # a channel per group: omniEvents has no filtering and no priorities
    for _ in $(seq 50); do
      ior="$(OMNIORB_USEHOSTNAME=127.0.0.1 eventc -i "Avionics$i" -c 100000 -v \
        "corbaloc::127.0.0.1:$port/omniEvents" 2>/dev/null | grep -o 'IOR:[0-9a-f]*' || true)"
      [[ -n $ior ]] && break
      sleep 0.1
    done
    [[ -n $ior ]] || fail "omniEvents' eventc made no channel"
    channels+=("$ior")
  done
  step "the same through omniEvents (cycle period 100 µs, a channel per group, no priorities)"
  local list
  list="$(IFS=,; echo "${channels[*]}")"
  avionics_run omni cos "${channels[0]}" "130/0/30,115/0/15,105/0/5" \
    "130/0/33333,115/0/66667,105/0/200000,200/0/0" --channels "$list"
  stop "$daemon" || true
}

avionics_demo() {
  step "rtorb-schedule: the avionics task set's rate groups (examples/scheduling/avionics.tasks)"
  "$bin/rtorb-schedule" --priority-range 1000:32767 examples/scheduling/avionics.tasks \
    | tee "$work/schedule.txt" || fail "the avionics set is not schedulable"
  avionics_rtorb
  if [[ -x /usr/sbin/omniEvents ]] && command -v eventc >/dev/null; then
    avionics_omni
  else
    echo "note: omniEvents is not installed (Debian package omnievents), so its columns say \"not run\""
  fi
  step "per rate group, end to end (supplier's stamp to the consumer's upcall), rtorb beside omniEvents"
  python3 "$RTORB_ROOT/scripts/lib/avionics_table.py" "$work"
}
