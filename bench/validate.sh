#!/usr/bin/env bash
# validate.sh measures `arbiter validate` against `wc -w` on large record
# files and prints the ratios issue 2 sets as targets:
#
#   validate --jobs 1 / wc -w          at most 3
#   validate --jobs 1 / validate --jobs 2   at least 1.6 (on a 2-core machine)
#
# It builds arbiter and bench/gen, writes one corpus of long random games per
# game arbiter knows plus the real Lines of Action corpus concatenated a few
# times, then times the three commands side by side on each file, RUNS
# rounds, the three taking turns in each round. Each ratio is given as the
# median of the ratios within a round (the verdict) and as the ratio of the
# best times. (Not hyperfine: it runs all the runs of one command before
# the next, so its ratios compare runs made seconds apart.)
#
# Settings (environment): RUNS (7), GAMES (20000), MAX_PLIES (300),
# REAL_COPIES (8), BENCH_DIR (where corpora are kept between runs;
# default ${TMPDIR:-/tmp}/arbiter-bench).
#
#   bench/validate.sh
#   RUNS=3 GAMES=2000 bench/validate.sh     # a quick look
set -euo pipefail
trap 'echo "validate.sh: failed at line $LINENO" >&2' ERR

RUNS=${RUNS:-7}
GAMES=${GAMES:-20000}
MAX_PLIES=${MAX_PLIES:-300}
REAL_COPIES=${REAL_COPIES:-8}
BENCH_DIR=${BENCH_DIR:-${TMPDIR:-/tmp}/arbiter-bench}

root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$BENCH_DIR"
bin=$BENCH_DIR/bin
mkdir -p "$bin"

say() { printf '%s\n' "$*" >&2; }

say "building arbiter and bench/gen"
(cd "$root" && go build -o "$bin/arbiter" ./cmd/arbiter && go build -o "$bin/gen" ./bench/gen)
arbiter=$bin/arbiter

# The games arbiter knows.
mapfile -t game_ids < <("$bin/gen" --list)
if ((${#game_ids[@]} == 0)); then
	say "validate.sh: gen --list gave no games"
	exit 1
fi

# The corpora; each is made once per setting and kept in BENCH_DIR.
files=()
for id in "${game_ids[@]}"; do
	f=$BENCH_DIR/$id-$GAMES-$MAX_PLIES.agn
	if [[ ! -s $f ]]; then
		say "generating $GAMES games of $id (up to $MAX_PLIES plies) into $f"
		"$bin/gen" --game "$id" --games "$GAMES" --max-plies "$MAX_PLIES" >"$f.tmp"
		mv "$f.tmp" "$f"
	fi
	files+=("$f")
done
real=$BENCH_DIR/loa-real-x$REAL_COPIES.agn
if [[ ! -s $real ]]; then
	say "concatenating testdata/loa-real/*.agn $REAL_COPIES times into $real"
	for ((i = 0; i < REAL_COPIES; i++)); do cat "$root"/testdata/loa-real/*.agn; done >"$real.tmp"
	mv "$real.tmp" "$real"
fi
files+=("$real")

# timed CMD... runs CMD with its output thrown away and prints its wall
# time and CPU time (user + system) in seconds. A failing exit status is
# not an error here: validate exits 1 on files with invalid games.
timed() {
	local TIMEFORMAT='%R %U %S' out
	out=$({ time "$@" >/dev/null 2>&1 || true; } 2>&1)
	awk -v t="$out" 'BEGIN { split(t, a, " "); printf "%.4f %.4f\n", a[1], a[2] + a[3] }'
}

# best_of_rounds FILE prints, for wc -w, validate -j1 and validate -j2 on
# FILE: the best wall time of each, the best CPU time of each, and the
# medians over the rounds of the ratios j1/wc and j1/j2 taken within one
# round. RUNS rounds follow one warm-up; the three commands take turns in
# each round, so that a shared machine's load, which drifts from second to
# second, falls on the three alike, and a ratio compares runs made moments
# apart.
best_of_rounds() {
	local f=$1 r i wall cpu
	local -a best=(1e9 1e9 1e9) bestcpu=(1e9 1e9 1e9) w=(0 0 0) rwc=() rj2=()
	for ((r = 0; r <= RUNS; r++)); do
		for i in 0 1 2; do
			case $i in
			0) read -r wall cpu < <(timed wc -w "$f") ;;
			1) read -r wall cpu < <(timed "$arbiter" validate --jobs 1 "$f") ;;
			2) read -r wall cpu < <(timed "$arbiter" validate --jobs 2 "$f") ;;
			esac
			((r == 0)) && continue # warm-up: page cache, first run
			w[i]=$wall
			best[i]=$(awk -v a="${best[i]}" -v b="$wall" 'BEGIN { print (b < a ? b : a) }')
			bestcpu[i]=$(awk -v a="${bestcpu[i]}" -v b="$cpu" 'BEGIN { print (b < a ? b : a) }')
		done
		((r == 0)) && continue
		rwc+=("$(awk -v a="${w[1]}" -v b="${w[0]}" 'BEGIN { print (b > 0 ? a / b : 0) }')")
		rj2+=("$(awk -v a="${w[1]}" -v b="${w[2]}" 'BEGIN { print (b > 0 ? a / b : 0) }')")
	done
	echo "${best[@]} ${bestcpu[@]} $(median "${rwc[@]}") $(median "${rj2[@]}")"
}

# median X... prints the median of the numbers.
median() {
	printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'
}

say "timing $RUNS rounds; load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)"
printf '%-32s %6s %7s %6s %9s %9s %9s %17s %17s %10s\n' file MB games plies "wc -w" "val -j1" "val -j2" "j1/wc (<=3)" "j1/j2 (>=1.6)" "cpu j1/wc"
printf '%-32s %6s %7s %6s %9s %9s %9s %17s %17s %10s\n' "" "" "" mean best best best "median (best)" "median (best)" best
for f in "${files[@]}"; do
	# games and mean plies a game: the targets are for files of long games
	read -r games plies < <("$arbiter" validate --jobs 2 --json "$f" 2>/dev/null |
		sed -n 's/.*"plies":\([0-9]*\).*/\1/p' | awk '{ n++; p += $1 } END { printf "%d %.0f\n", n, (n ? p / n : 0) }')
	mb=$(awk -v b="$(wc -c <"$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
	read -r wc j1 j2 cwc cj1 cj2 mwc mj2 < <(best_of_rounds "$f")
	awk -v name="$(basename "$f")" -v mb="$mb" -v g="$games" -v pl="$plies" -v wc="$wc" -v j1="$j1" -v j2="$j2" \
		-v cwc="$cwc" -v cj1="$cj1" -v mwc="$mwc" -v mj2="$mj2" 'BEGIN {
		r1 = j1 / wc; r2 = j1 / j2; c1 = (cwc > 0 ? cj1 / cwc : 0)
		printf "%-32s %6s %7s %6s %8.3fs %8.3fs %8.3fs %5.2f (%4.2f) %-4s %5.2f (%4.2f) %-4s %10.2f\n", name, mb, g, pl, wc, j1, j2,
			mwc, r1, (mwc <= 3 ? "ok" : "SLOW"), mj2, r2, (mj2 >= 1.6 ? "ok" : "LOW"), c1
	}'
done
say "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?); $(nproc) cores; wc -w in locale ${LC_ALL:-${LC_CTYPE:-${LANG:-C}}}"
say "issue 2 sets its targets for files of many long games; files of short games (few plies, so"
say "per-game work and start-up weigh more) are measured for reference"
