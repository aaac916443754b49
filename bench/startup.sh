#!/bin/sh
# bench/startup.sh: arbiter's start-up CPU and a tournament's peak memory
# (targets: under 20 ms of CPU for `arbiter validate` of a small file
# and for `arbiter tournament` up to its first "go", runner and worker
# together; under 25 MB of peak resident memory for the runner and its
# worker at concurrency 1).
#
# Builds arbiter and bench/startup (the measuring helper, see its doc
# comment), then, RUNS times (default 11), in turn:
#
#   validate     `arbiter validate testdata/samples/lines-of-action.agn`:
#                the CPU time (user + system) of the whole process, from
#                wait4.
#   first go     `arbiter tournament` of two `startup engine` engines on a
#                new database: the CPU time of the runner and of its worker
#                process when the first engine gets its first "go" (the
#                engine reads every thread's time on CPU from /proc, writes
#                it down and kills the runner). Engines are not counted.
#   first go,    the same on the database the first run left (the
#     resumed    tournament registered, no game stored, the files changed by
#                the kill, so the database is checked as it is opened).
#
# and reports each one's median (min-max), and the minor page faults of
# each (steady from run to run and load to load, where CPU times are not:
# on this project's virtual machines a page fault costs tens of
# microseconds, and most of the start-up's CPU time is page faults). Then, RSS_RUNS times (default
# 3), peak resident memory (VmHWM, read every 2 ms) of the runner and its
# worker, and their CPU time, over two tournaments at --concurrency 1:
# examples/lines-of-action.yaml (12 games of the built-in engines) and
# GAMES (default 300) games of two built-in random engines.
#
# OLD=/path/to/arbiter measures that binary too, each run right after the
# new one's, and prints both medians and the median of the run-by-run
# ratios new/old. Build main's with
#   git worktree add /tmp/main main && (cd /tmp/main && go build -tags netgo,osusergo -o /tmp/arbiter-main ./cmd/arbiter)
# The machine's load average is printed before and after: on a shared
# machine, compare the two binaries side by side, not with figures taken
# at another time.
#
# Usage: bench/startup.sh        RUNS=21 OLD=/tmp/arbiter-main bench/startup.sh
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
runs=${RUNS:-11}
rss_runs=${RSS_RUNS:-3}
games=${GAMES:-300}
old=${OLD:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -tags "${TAGS-netgo,osusergo}" -o "$dir/arbiter" ./cmd/arbiter
go build -o "$dir/startup" ./bench/startup
if [ -n "$old" ]; then
	[ -x "$old" ] || { echo "startup.sh: OLD=$old is not an executable" >&2; exit 2; }
	cp "$old" "$dir/old"
	bins="new old"
else
	bins="new"
fi
ln -s arbiter "$dir/new"

# The first-go tournament: engines that measure at their first go.
cat >"$dir/firstgo.yaml" <<EOF
name: startup
game: lines-of-action
games_per_encounter: 2
seed: 42
time_control: {move_ms: 25}
max_plies: 200
openings: {file: $repo/examples/openings/lines-of-action.agn}
engines:
  - {name: a, cmd: $dir/startup, args: [engine]}
  - {name: b, cmd: $dir/startup, args: [engine]}
EOF
# The long tournament: built-in random engines ("arbiter": the binary that
# runs the tournament).
cat >"$dir/long.yaml" <<EOF
name: long
game: lines-of-action
games_per_encounter: $games
seed: 1
time_control: {base_ms: 60000}
max_plies: 100
engines:
  - {name: r1, cmd: arbiter, args: [engine, --game, lines-of-action, --level, random, --seed, "1"]}
  - {name: r2, cmd: arbiter, args: [engine, --game, lines-of-action, --level, random, --seed, "2"]}
EOF

# order N is the order of the binaries in round N: new first in odd rounds,
# old first in even ones, so that neither always runs right after the
# other's killed tournament ends in the background.
order() {
	if [ -n "$old" ] && [ $(($1 % 2)) = 0 ]; then echo "old new"; else echo "$bins"; fi
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
# Each line of $dir/fig: BIN WHAT VALUE...
i=0
while [ "$i" -lt "$runs" ]; do
	i=$((i + 1))
	for b in $(order "$i"); do
		echo "$b validate_ms $("$dir/startup" cpu -- "$dir/$b" validate "$repo/testdata/samples/lines-of-action.agn")" >>"$dir/fig"
		rm -f "$dir/$b.db" "$dir/$b.db-wal" "$dir/$b.db-shm" "$dir/$b.db-checked"
		echo "$b firstgo_new $("$dir/startup" firstgo -out "$dir/out" -- "$dir/$b" tournament --db "$dir/$b.db" "$dir/firstgo.yaml")" >>"$dir/fig"
		echo "$b firstgo_resumed $("$dir/startup" firstgo -out "$dir/out" -- "$dir/$b" tournament --db "$dir/$b.db" "$dir/firstgo.yaml")" >>"$dir/fig"
	done
	printf '.' >&2
done
echo >&2
i=0
while [ "$i" -lt "$rss_runs" ]; do
	i=$((i + 1))
	for b in $(order "$i"); do
		rm -f "$dir/$b.db" "$dir/$b.db-wal" "$dir/$b.db-shm" "$dir/$b.db-checked"
		echo "$b rss_example $("$dir/startup" peak -- "$dir/$b" tournament --db "$dir/$b.db" -j 1 "$repo/examples/lines-of-action.yaml")" >>"$dir/fig"
		rm -f "$dir/$b.db" "$dir/$b.db-wal" "$dir/$b.db-shm" "$dir/$b.db-checked"
		echo "$b rss_long $("$dir/startup" peak -- "$dir/$b" tournament --db "$dir/$b.db" -j 1 "$dir/long.yaml")" >>"$dir/fig"
	done
	printf '.' >&2
done
echo >&2
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# The table: for each figure, the new binary's median (min-max), the old
# one's, and the median of the ratios new/old run by run.
awk -v old="$old" '
function median(a, k,   i, j, t) {
	for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	return k % 2 ? a[(k+1)/2] : (a[k/2] + a[k/2+1]) / 2
}
function stat(b, key,   k, i, a, lo, hi) {
	k = n[b, key]
	lo = hi = v[b, key, 1]
	for (i = 1; i <= k; i++) { a[i] = v[b, key, i]; if (a[i] < lo) lo = a[i]; if (a[i] > hi) hi = a[i] }
	return sprintf("%.1f (%.1f-%.1f)", median(a, k), lo, hi)
}
function ratio(key,   k, i, a) {
	k = n["new", key]
	for (i = 1; i <= k; i++) a[i] = v["new", key, i] / v["old", key, i]
	return sprintf("%.2f", median(a, k))
}
{
	b = $1; what = $2
	# validate: microseconds of CPU, page faults. firstgo: total, runner,
	# worker (microseconds), page faults (total, runner, worker). rss: total, runner, worker (kB),
	# runner CPU, workers CPU (ms).
	if (what == "validate_ms") {
		add(b, "validate: CPU ms", $3 / 1000)
		add(b, "validate: page faults", $4)
	}
	else if (what ~ /^firstgo/) {
		w = what == "firstgo_new" ? "first go, new db" : "first go, resumed"
		add(b, w ": CPU ms, runner+worker", $3 / 1000)
		add(b, w ": runner", $4 / 1000)
		add(b, w ": worker", $5 / 1000)
		add(b, w ": page faults, runner+worker", $6)
		add(b, w ": page faults, runner", $7)
		add(b, w ": page faults, worker", $8)
	} else {
		w = what == "rss_example" ? "example tournament" : "long tournament"
		add(b, w ": peak RSS MB, runner+worker", $3 / 1024)
		add(b, w ": runner", $4 / 1024)
		add(b, w ": worker", $5 / 1024)
		add(b, w ": CPU ms, runner+worker", $6 + $7)
	}
}
function add(b, key, x) {
	if (!((b, key) in n)) { if (b == "new") order[++nk] = key; n[b, key] = 0 }
	v[b, key, ++n[b, key]] = x
}
END {
	if (old == "") {
		printf "%-52s %s\n", "figure", "median (min-max)"
		for (i = 1; i <= nk; i++) printf "%-52s %s\n", order[i], stat("new", order[i])
	} else {
		printf "%-52s %-22s %-22s %s\n", "figure", "new: median (min-max)", "old: median (min-max)", "new/old"
		for (i = 1; i <= nk; i++) printf "%-52s %-22s %-22s %s\n", order[i], stat("new", order[i]), stat("old", order[i]), ratio(order[i])
	}
}' "$dir/fig"
