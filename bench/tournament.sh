#!/bin/sh
# bench/tournament.sh: the tournament runner's speed (targets: concurrency 2
# at least 1.7x the games per second of concurrency 1, and runner CPU under
# 50 microseconds a move).
#
#  1. Times the whole `arbiter tournament` command, as a user runs it, on a
#     Lines of Action tournament of GAMES (default 1000) games between two
#     built-in random engines (instant engines; games of up to 100 plies),
#     each round: with --concurrency 1, with --concurrency 2, and two
#     --concurrency 1 runs at once on two databases (what two cores give two
#     independent runners: the ceiling of the ratio). ROUNDS rounds (default
#     5), each on fresh databases; the ratios are per round, judged on their
#     median: on a shared or virtual machine the speed of a core drifts from
#     second to second, so only ratios taken side by side mean anything.
#     The start-up of the processes (about 40 ms) is the same at both
#     concurrencies but weighs twice as much at 2, which plays the games in
#     half the time: with GAMES=200 (under a second a tournament) it costs
#     the ratio about 5 %.
#  2. Runs the Go benchmarks of the runner with scripted fake engines for
#     its own CPU per move at concurrency 1 and 2 (worker processes
#     included, engines excluded) and one bare UGI round trip. (Their 40-game
#     tournaments are too short for a ratio: start-up is most of them.)
#
# Usage: bench/tournament.sh            ROUNDS=9 GAMES=200 bench/tournament.sh
set -eu
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-5}
games=${GAMES:-1000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -tags "${TAGS-netgo,osusergo}" -o "$dir/arbiter" ./cmd/arbiter
go test -c -o "$dir/tournament.test" ./tournament/
cat >"$dir/speed.yaml" <<EOF
name: speed
game: lines-of-action
games_per_encounter: $games
seed: 1
time_control: {base_ms: 60000}
max_plies: 100
engines:
  - {name: r1, cmd: $dir/arbiter, args: [engine, --game, lines-of-action, --level, random, --seed, "1"]}
  - {name: r2, cmd: $dir/arbiter, args: [engine, --game, lines-of-action, --level, random, --seed, "2"]}
EOF

now() { date +%s.%N; }
# play DB ARGS...: one tournament into a fresh database; a failure stops the
# benchmark.
play() {
	db=$dir/$1.db
	shift
	rm -f "$db" "$db-wal" "$db-shm"
	"$dir/arbiter" tournament --db "$db" "$@" "$dir/speed.yaml" >/dev/null 2>"$dir/err" ||
		{ cat "$dir/err" >&2; exit 1; }
}
echo "arbiter tournament, $games games of lines-of-action (random engines), $rounds rounds:" >&2
i=0
while [ "$i" -lt "$rounds" ]; do
	i=$((i + 1))
	t0=$(now)
	play c1 -j 1
	t1=$(now)
	play c2 -j 2
	t2=$(now)
	play a -j 1 &
	bg=$!
	play b -j 1
	wait "$bg"
	t3=$(now)
	echo "$i $t0 $t1 $t2 $t3" >>"$dir/rounds"
	awk -v g="$games" '{ c1 = $3 - $2; c2 = $4 - $3; two = $5 - $4
		printf "round %d: -j1 %.3f s (%.0f games/s), -j2 %.3f s (%.0f games/s), two -j1 at once %.3f s: -j2/-j1 %.2f, two/one %.2f\n",
			$1, c1, g / c1, c2, g / c2, two, c1 / c2, 2 * c1 / two }' "$dir/rounds" | tail -n 1 >&2
done
awk '
function median(a, k,   i, j, t) {
	for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	return k % 2 ? a[(k+1)/2] : (a[k/2] + a[k/2+1]) / 2
}
{ n++; r[n] = ($3 - $2) / ($4 - $3); t[n] = 2 * ($3 - $2) / ($5 - $4); list = list sprintf("%.2f ", r[n]) }
END {
	m = median(r, n)
	printf "concurrency 2 / 1 per round: %s\n", list
	printf "median %.2f (target >= 1.7): %s; two runners at once / one, median %.2f (the ceiling)\n", m, (m >= 1.7 ? "ok" : "SLOW"), median(t, n)
}' "$dir/rounds"

echo >&2
echo "Go benchmarks (fake engines, 40-game tournaments):" >&2
cd tournament
{
	"$dir/tournament.test" -test.run '^$' -test.bench 'BenchmarkTournament/lines-of-action/concurrency-(1|2-workers)' \
		-test.benchtime 3x
	"$dir/tournament.test" -test.run '^$' -test.bench 'BenchmarkRoundTrip' -test.benchtime 2000x
} | tee "$dir/go" | grep -E '^Benchmark' >&2
awk '
function val(name,   i) { for (i = 1; i <= NF; i++) if ($i == name) return $(i-1); return "" }
$1 ~ /^BenchmarkRoundTrip/ { rt = val("cpu-ns/move") }
$1 ~ /concurrency-1-/ { c1 = val("cpu-ns/move") }
$1 ~ /concurrency-2-workers/ { cw = val("cpu-ns/move") }
END {
	printf "runner CPU per move (target < 50 us): %.1f us at concurrency 1, %.1f us at 2 (worker processes included); one UGI round trip %.1f us\n",
		c1 / 1000, cw / 1000, rt / 1000
	printf "load average now: "; system("cut -d\" \" -f1-3 /proc/loadavg")
}' "$dir/go"
