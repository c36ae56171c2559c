#!/usr/bin/env bash
# Benchmarks fauth-emulator (not a test): start-to-ready time and accounts:lookup requests per second.
# Targets: ready < 50 ms (median), >= 3,000 lookups/s over keep-alive (wrk, 2 threads, 50 connections, 5 s).
# Usage: scripts/bench-emulator.sh [STARTS]     (STARTS: how many starts to time, default 25)
set -euo pipefail
cd "$(dirname "$0")/.."

starts="${1:-25}"
work="$(mktemp -d)"
emulator_pid=""
cleanup() {
    if [[ -n "$emulator_pid" ]]; then kill "$emulator_pid" 2>/dev/null || true; wait "$emulator_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# Installs Debian packages whose commands are missing (apt-get update first only when the install fails).
ensure_commands() {
    local missing=()
    for command in "$@"; do command -v "$command" >/dev/null || missing+=("$command"); done
    ((${#missing[@]} == 0)) && return
    echo "installing ${missing[*]}" >&2
    apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null; }
}
ensure_commands wrk hyperfine curl

echo "building release (static Swift stdlib)..." >&2
swift build -c release --static-swift-stdlib --product fauth-emulator >&2
binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/fauth-emulator"

# Start-to-ready: from spawn until the ready line has been read ($EPOCHREALTIME costs no fork).
ready_times=()
for _ in $(seq "$starts"); do
    start="$EPOCHREALTIME"
    coproc EMULATOR { exec "$binary" --port 0; }
    read -r _ <&"${EMULATOR[0]}"
    end="$EPOCHREALTIME"
    kill "$EMULATOR_PID"
    wait "$EMULATOR_PID" 2>/dev/null || true
    ready_times+=("$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", (e - s) * 1000 }')")
done
ready_median="$(printf '%s\n' "${ready_times[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')"
ready_min="$(printf '%s\n' "${ready_times[@]}" | sort -n | head -1)"
ready_max="$(printf '%s\n' "${ready_times[@]}" | sort -n | tail -1)"

# A whole start-serve-stop cycle, as hyperfine sees it.
hyperfine --warmup 3 --runs 20 --style none --export-json "$work/cycle.json" "$binary exec -- true" >/dev/null 2>&1
cycle_ms="$(sed -n 's/.*"median": *\([0-9.eE+-]*\).*/\1/p' "$work/cycle.json" | head -1 | awk '{ printf "%.2f", $1 * 1000 }')"

# Lookup throughput: one user made with signUp, then wrk POSTs accounts:lookup with its real ID token.
"$binary" --port 0 > "$work/emulator.out" 2>&1 &
emulator_pid=$!
until grep -q listening "$work/emulator.out" 2>/dev/null; do sleep 0.01; done
base="$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$work/emulator.out")"
id_token="$(curl -sf -X POST "$base/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench" \
    -H 'Content-Type: application/json' -d '{"email":"bench@example.com","password":"bench-password","returnSecureToken":true}' \
    | sed -n 's/.*"idToken":"\([^"]*\)".*/\1/p')"
[[ -n "$id_token" ]] || { echo "signUp gave no idToken" >&2; exit 1; }
check="$(curl -s -o /dev/null -w '%{http_code}' -X POST "$base/identitytoolkit.googleapis.com/v1/accounts:lookup?key=bench" \
    -H 'Content-Type: application/json' -d "{\"idToken\":\"$id_token\"}")"
[[ "$check" == 200 ]] || { echo "accounts:lookup answered $check" >&2; exit 1; }
cat > "$work/lookup.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"idToken":"$id_token"}'
LUA
wrk -t2 -c50 -d5s --latency -s "$work/lookup.lua" "$base/identitytoolkit.googleapis.com/v1/accounts:lookup?key=bench" > "$work/wrk.out"
lookups="$(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$work/wrk.out")"
p50="$(awk '$1 == "50%" { print $2 }' "$work/wrk.out")"
p99="$(awk '$1 == "99%" { print $2 }' "$work/wrk.out")"
failures="$(awk '/Non-2xx or 3xx responses:/ { print $NF } /Socket errors:/ { print }' "$work/wrk.out" | paste -sd ' ')"

verdict() { awk -v v="$1" -v t="$2" -v op="$3" 'BEGIN { ok = (op == "<") ? v < t : v >= t; print ok ? "ok" : "MISSED" }'; }
printf '\n%-44s %14s %10s %s\n' "measure" "value" "target" ""
printf '%-44s %11s ms %10s %s\n' "start-to-ready, median of $starts" "$ready_median" "< 50 ms" "$(verdict "$ready_median" 50 '<')"
printf '%-44s %14s\n' "start-to-ready, min / max (ms)" "$ready_min / $ready_max"
printf '%-44s %11s ms\n' "exec -- true, whole cycle (hyperfine median)" "$cycle_ms"
printf '%-44s %12s/s %10s %s\n' "accounts:lookup, wrk 2 threads 50 conns 5 s" "$lookups" ">= 3000/s" "$(verdict "$lookups" 3000 '>=')"
printf '%-44s %14s\n' "lookup latency p50 / p99" "$p50 / $p99"
printf '%-44s %14s\n' "non-2xx responses / socket errors" "${failures:-none}"
