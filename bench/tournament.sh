#!/bin/sh
# bench/tournament.sh: the tournament runner's speed, measured side by side in
# one run: games per second at concurrency 1 and 2 for tournaments of instant
# fake engines (the test binary re-run as a UGI engine), their ratio (target:
# concurrency 2 at least 1.7x concurrency 1), and the runner's own CPU per move
# (target: under 50 microseconds), from getrusage, engines excluded.
#
# Usage: bench/tournament.sh [BENCHTIME]   (default 5x: five tournaments of 40 games each)
# The machine's other load shows in the ratio: run it on an idle machine.
set -eu
cd "$(dirname "$0")/.."
benchtime=${1:-5x}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
go test -run '^$' -bench 'BenchmarkTournament|BenchmarkRoundTrip' -benchtime "$benchtime" -count 1 ./tournament/ | tee "$out"
echo
awk '
/^BenchmarkRoundTrip/ {
	for (i = 1; i <= NF; i++) if ($i == "cpu-ns/move") rt = $(i-1)
}
/^BenchmarkTournament\// {
	split($1, p, "/"); game = p[2]; conc = p[3]; sub(/-[0-9]+$/, "", conc)
	for (i = 1; i <= NF; i++) {
		if ($i == "games/s") gps[game, conc] = $(i-1)
		if ($i == "cpu-ns/move") cpu[game, conc] = $(i-1)
		if ($i == "cores") cores[game, conc] = $(i-1)
	}
	games[game] = 1
}
END {
	printf "%-16s %14s %14s %8s %18s %14s\n", "game", "c1 games/s", "c2 games/s", "c2/c1", "runner us/move", "cores c1/c2"
	for (g in games) {
		r = gps[g, "concurrency-1"] > 0 ? gps[g, "concurrency-2"] / gps[g, "concurrency-1"] : 0
		printf "%-16s %14.1f %14.1f %7.2fx %18.1f %9.2f/%.2f\n", g, gps[g, "concurrency-1"], gps[g, "concurrency-2"], r, cpu[g, "concurrency-1"] / 1000, cores[g, "concurrency-1"], cores[g, "concurrency-2"]
	}
	printf "UGI round trip (position + go + bestmove): %.1f us of runner CPU per move (target < 50)\n", rt / 1000
	printf "cores: CPU of runner + engines / wall time; c2/c1 can reach ~2x only when the machine has 2 idle cores\n"
	printf "sleepy-toy-race: engines sleep 2 ms a move (no CPU), so its c2/c1 shows whether the runner serialises, whatever the load\n"
	printf "runner us/move includes per-game costs (engine start-up, the SQLite commit): high for 10-ply toy games\n"
	printf "load average now: "; system("cut -d\" \" -f1-3 /proc/loadavg")
}' "$out"
