#!/bin/sh
# bench/report.sh: how fast arbiter report and arbiter import are.
#
#  1. Builds a database of GAMES (default 1,000,000) synthetic games with
#     bench/gendb (through the store's import batch; about 20 s) and times
#     `arbiter report --format json` over all of it, median of RUNS (default
#     7; target: under 0.5 s). With OLD naming another arbiter binary (the
#     one to compare with), each run of this arbiter is followed by one of
#     OLD, and both medians are printed, after checking that OLD prints the
#     same report in text (JSON's last digits may differ run to run).
#  2. Writes CORPUS (default 20,000) random Lines of Action games with
#     bench/gen (up to PLIES plies, default 300, as for validate's benchmark)
#     and times `arbiter validate` against `arbiter import` into a fresh
#     database on the same file, both with --jobs JOBS (default 2), best of
#     3 each (target: import at least half the speed of validate).
#
# Usage: bench/report.sh [WORKDIR]   (WORKDIR keeps the database between runs)
#        OLD=/path/to/arbiter bench/report.sh   times that binary's report too
#        PG=postgres://… bench/report.sh   also times the report on PostgreSQL
# Figures are wall-clock seconds and CPU (user+sys) seconds: on a shared
# machine the CPU figures are the steadier ones.
set -eu
cd "$(dirname "$0")/.."
work=${1:-$(mktemp -d)}
mkdir -p "$work"
games=${GAMES:-1000000}
corpus=${CORPUS:-20000}
plies=${PLIES:-300}
jobs=${JOBS:-2}
runs=${RUNS:-7}

go build -tags "${TAGS-netgo,osusergo}" -o "$work/arbiter" ./cmd/arbiter
go build -o "$work/gendb" ./bench/gendb
go build -o "$work/gen" ./bench/gen

# timed LABEL CMD...: runs CMD (stdout to /dev/null), prints and records
# "wall cpu" in $work/LABEL.time.
timed() {
	label=$1
	shift
	/usr/bin/time -f "%e %U %S" -o "$work/$label.raw" "$@" >/dev/null 2>"$work/$label.err" || {
		status=$?
		# import exits 1 when it skipped games; anything else is a failure.
		[ "$status" -eq 1 ] && [ "$label" = import ] || { cat "$work/$label.err" >&2; exit 1; }
	}
	awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$work/$label.raw" >"$work/$label.time"
	awk -v l="$label" '{ printf "%-10s %7.3f s wall %7.3f s cpu\n", l, $1, $2 }' "$work/$label.time"
	cat "$work/$label.time" >>"$work/$label.all"
}

# best LABEL: the least wall time of the runs timed as LABEL since the last
# call, which forgets them.
best() {
	sort -n "$work/$1.all" | head -n 1 | cut -d' ' -f1
	rm -f "$work/$1.all"
}

# median LABEL: the median wall time of the runs timed as LABEL since the
# last call, which forgets them.
median() {
	sort -n "$work/$1.all" | awk '{ t[NR] = $1 } END { print (NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2) }'
	rm -f "$work/$1.all"
}
rm -f "$work/report.all" "$work/old.all" "$work/validate.all" "$work/import.all" # left by an interrupted run

# One database per size, so that a WORKDIR reused with another GAMES does
# not time the wrong one.
bench_db=$work/bench-$games.db
if [ ! -f "$bench_db" ]; then
	"$work/gendb" -db "$bench_db" -games "$games"
fi
# One untimed run applies any pending migration, warms the page cache and
# leaves the database checked (see docs/database.md, "Opening a
# database"); its total must be the size asked for.
total=$("$work/arbiter" report --db "$bench_db" --format json | sed -n 's/^  "total": \([0-9]*\),$/\1/p')
if [ "$total" != "$games" ]; then
	echo "bench/report.sh: $bench_db holds ${total:-no} games, not $games: delete it and run again" >&2
	exit 1
fi
if [ -n "${OLD:-}" ]; then
	"$work/arbiter" report --db "$bench_db" >"$work/new.txt"
	"$OLD" report --db "$bench_db" >"$work/old.txt"
	cmp -s "$work/new.txt" "$work/old.txt" || { echo "bench/report.sh: $OLD prints another report" >&2; exit 1; }
fi
echo "report over $games games (median of $runs; load: $(cut -d' ' -f1-3 /proc/loadavg)):"
i=0
while [ "$i" -lt "$runs" ]; do
	timed report "$work/arbiter" report --db "$bench_db" --format json
	if [ -n "${OLD:-}" ]; then
		timed old "$OLD" report --db "$bench_db" --format json
	fi
	i=$((i + 1))
done
m=$(median report)
awk -v m="$m" 'BEGIN { printf "report median %.3f s (target < 0.5 s): %s\n", m, (m < 0.5 ? "ok" : "SLOW") }'
if [ -n "${OLD:-}" ]; then
	o=$(median old)
	awk -v m="$m" -v o="$o" 'BEGIN { printf "old report median %.3f s: this one takes %.2f of its time\n", o, m / o }'
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

# With PG (the URL of an empty PostgreSQL database), the same million games
# are copied there (arbiter copy; about a minute and a quarter) and the report
# timed on PostgreSQL too, and compared with SQLite's (the same output).
if [ -n "${PG:-}" ]; then
	"$work/arbiter" copy --from "$bench_db" --to "$PG"
	"$work/arbiter" report --db "$PG" --format json >"$work/pg.json"
	"$work/arbiter" report --db "$bench_db" --format json >"$work/sqlite.json"
	cmp -s "$work/pg.json" "$work/sqlite.json" || { echo "bench/report.sh: the reports on PostgreSQL and SQLite differ" >&2; exit 1; }
	echo "report over $games games on PostgreSQL (best of 3):"
	for i in 1 2 3; do
		timed report "$work/arbiter" report --db "$PG" --format json
	done
	b=$(best report)
	awk -v b="$b" 'BEGIN { printf "report on PostgreSQL best %.3f s (target < 2 s): %s\n", b, (b < 2 ? "ok" : "SLOW") }'
fi

echo
echo "import against validate on $corpus games of up to $plies plies, --jobs $jobs:"
[ -f "$work/corpus.agn" ] || "$work/gen" --game lines-of-action --games "$corpus" --max-plies "$plies" >"$work/corpus.agn"
"$work/arbiter" validate --jobs "$jobs" "$work/corpus.agn" >/dev/null # warm the cache
# Best of 3 each, interleaved, so that a burst of load on the shared
# machine does not decide the ratio.
for i in 1 2 3; do
	timed validate "$work/arbiter" validate --jobs "$jobs" "$work/corpus.agn"
	rm -f "$work/import.db" "$work/import.db-wal" "$work/import.db-shm"
	timed import "$work/arbiter" import --jobs "$jobs" --db "$work/import.db" "$work/corpus.agn"
done
tail -n 1 "$work/import.err"
v=$(best validate)
i=$(best import)
awk -v v="$v" -v i="$i" 'BEGIN { r = v / i; printf "best: validate %.3f s, import %.3f s: import runs at %.2f of validate'"'"'s speed (target >= 0.5): %s\n", v, i, r, (r >= 0.5 ? "ok" : "SLOW") }'
vc=$(cut -d' ' -f2 "$work/validate.time")
ic=$(cut -d' ' -f2 "$work/import.time")
awk -v v="$vc" -v i="$ic" 'BEGIN { printf "CPU (last run): import %.3f s, validate %.3f s: import costs %.1f times the CPU\n", i, v, i / v }'
echo "work directory: $work"
