#!/usr/bin/env bash
# validate.sh measures `arbiter validate` against `wc -w`, and --jobs 2
# against --jobs 1, on large record files, and prints the ratios it is
# judged by (targets):
#
#   validate --jobs 1 / wc -w                      at most 2, every file
#   validate --jobs 1 / --jobs 2 (wall)            at least 1.8 on the 200 MB
#                                                  file, 1.5 on the 35 MB one
#                                                  (2 cores)
#   validate --jobs 2 / --jobs 1 (CPU, user+sys)   at most 1.1, on both
#
# It builds arbiter and bench/gen, writes one corpus of long random games per
# game arbiter knows, a Lines of Action corpus of about 200 MB, and the real
# Lines of Action corpus concatenated a few times, then times the three
# commands side by side on each file, RUNS rounds, the three taking turns in
# each round. Each ratio is given as the median of the ratios within a
# round (the verdict) and as the ratio of the best times. (Not hyperfine: it
# runs all the runs of one command before the next, so its ratios compare
# runs made seconds apart.)
#
# Settings (environment): RUNS (7), GAMES (20000), MAX_PLIES (300),
# BIG_GAMES (114000: about 200 MB of Lines of Action; 0 for none),
# REAL_COPIES (8), BENCH_DIR (where corpora are kept between runs;
# default ${TMPDIR:-/tmp}/arbiter-bench).
#
#   bench/validate.sh
#   RUNS=3 GAMES=2000 BIG_GAMES=0 bench/validate.sh     # a quick look
set -euo pipefail
trap 'echo "validate.sh: failed at line $LINENO" >&2' ERR

RUNS=${RUNS:-7}
GAMES=${GAMES:-20000}
MAX_PLIES=${MAX_PLIES:-300}
BIG_GAMES=${BIG_GAMES:-114000}
REAL_COPIES=${REAL_COPIES:-8}
BENCH_DIR=${BENCH_DIR:-${TMPDIR:-/tmp}/arbiter-bench}

root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$BENCH_DIR"
bin=$BENCH_DIR/bin
mkdir -p "$bin"

say() { printf '%s\n' "$*" >&2; }

say "building arbiter and bench/gen"
(cd "$root" && go build -tags "${TAGS-netgo,osusergo}" -o "$bin/arbiter" ./cmd/arbiter && go build -o "$bin/gen" ./bench/gen)
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
# The 200 MB file: the first corpus's game, more games.
big=
if ((BIG_GAMES > 0)); then
	big=$BENCH_DIR/${game_ids[0]}-$BIG_GAMES-$MAX_PLIES.agn
	if [[ ! -s $big ]]; then
		say "generating $BIG_GAMES games of ${game_ids[0]} (up to $MAX_PLIES plies) into $big"
		"$bin/gen" --game "${game_ids[0]}" --games "$BIG_GAMES" --max-plies "$MAX_PLIES" >"$big.tmp"
		mv "$big.tmp" "$big"
	fi
	files+=("$big")
fi
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
# medians over the rounds of the ratios j1/wc and j1/j2 (wall) and j2/j1
# (CPU) taken within one round. RUNS rounds follow one warm-up; the three
# commands take turns in each round, so that a shared machine's load, which
# drifts from second to second, falls on the three alike, and a ratio
# compares runs made moments apart.
best_of_rounds() {
	local f=$1 r i wall cpu
	local -a best=(1e9 1e9 1e9) bestcpu=(1e9 1e9 1e9) w=(0 0 0) c=(0 0 0) rwc=() rj2=() rcpu=()
	for ((r = 0; r <= RUNS; r++)); do
		for i in 0 1 2; do
			case $i in
			0) read -r wall cpu < <(timed wc -w "$f") ;;
			1) read -r wall cpu < <(timed "$arbiter" validate --jobs 1 "$f") ;;
			2) read -r wall cpu < <(timed "$arbiter" validate --jobs 2 "$f") ;;
			esac
			((r == 0)) && continue # warm-up: page cache, first run
			w[i]=$wall
			c[i]=$cpu
			best[i]=$(awk -v a="${best[i]}" -v b="$wall" 'BEGIN { print (b < a ? b : a) }')
			bestcpu[i]=$(awk -v a="${bestcpu[i]}" -v b="$cpu" 'BEGIN { print (b < a ? b : a) }')
		done
		((r == 0)) && continue
		rwc+=("$(awk -v a="${w[1]}" -v b="${w[0]}" 'BEGIN { print (b > 0 ? a / b : 0) }')")
		rj2+=("$(awk -v a="${w[1]}" -v b="${w[2]}" 'BEGIN { print (b > 0 ? a / b : 0) }')")
		rcpu+=("$(awk -v a="${c[2]}" -v b="${c[1]}" 'BEGIN { print (b > 0 ? a / b : 0) }')")
	done
	echo "${best[@]} ${bestcpu[@]} $(median "${rwc[@]}") $(median "${rj2[@]}") $(median "${rcpu[@]}")"
}

# median X... prints the median of the numbers.
median() {
	printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'
}

load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?; }

say "timing $RUNS rounds; load average before: $(load)"
printf '%-36s %6s %7s %6s %9s %9s %9s %17s %17s %17s %10s\n' file MB games plies "wc -w" "val -j1" "val -j2" "j1/wc (<=2)" "j1/j2" "cpu j2/j1 (<=1.1)" "cpu j1/wc"
printf '%-36s %6s %7s %6s %9s %9s %9s %17s %17s %17s %10s\n' "" "" "" mean best best best "median (best)" "median (best)" "median (best)" best
for f in "${files[@]}"; do
	# games and mean plies a game: the targets are for files of long games
	read -r games plies < <("$arbiter" validate --jobs 2 --json "$f" 2>/dev/null |
		sed -n 's/.*"plies":\([0-9]*\).*/\1/p' | awk '{ n++; p += $1 } END { printf "%d %.0f\n", n, (n ? p / n : 0) }')
	mb=$(awk -v b="$(wc -c <"$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
	# The wall-time target of j1/j2: 1.8 on the big file, 1.5 on the
	# first corpus (35 MB of Lines of Action); the others are for
	# reference. The CPU target is for the same two files.
	want=0
	if [[ $f == "$big" ]]; then
		want=1.8
	elif [[ $f == "${files[0]}" ]]; then
		want=1.5
	fi
	say "$(basename "$f"): load average $(load)"
	read -r wc j1 j2 cwc cj1 cj2 mwc mj2 mcpu < <(best_of_rounds "$f")
	awk -v name="$(basename "$f")" -v mb="$mb" -v g="$games" -v pl="$plies" -v wc="$wc" -v j1="$j1" -v j2="$j2" \
		-v cwc="$cwc" -v cj1="$cj1" -v cj2="$cj2" -v mwc="$mwc" -v mj2="$mj2" -v mcpu="$mcpu" -v want="$want" 'BEGIN {
		r1 = j1 / wc; r2 = j1 / j2; c1 = (cwc > 0 ? cj1 / cwc : 0); c2 = (cj1 > 0 ? cj2 / cj1 : 0)
		v2 = (want == 0 ? "" : (mj2 >= want ? "ok" : "LOW")); vc = (want == 0 ? "" : (mcpu <= 1.1 ? "ok" : "HIGH"))
		printf "%-36s %6s %7s %6s %8.3fs %8.3fs %8.3fs %5.2f (%4.2f) %-4s %5.2f (%4.2f) %-4s %5.2f (%4.2f) %-4s %10.2f\n", name, mb, g, pl, wc, j1, j2,
			mwc, r1, (mwc <= 2 ? "ok" : "SLOW"), mj2, r2, v2, mcpu, c2, vc, c1
	}'
done
say "load average after: $(load); $(nproc) cores; wc -w in locale ${LC_ALL:-${LC_CTYPE:-${LANG:-C}}}"
say "j1/j2 targets: >= 1.8 on the ~200 MB file, >= 1.5 on the first corpus (~35 MB); the other files are for reference"
say "wall-time ratios mean something only on a quiet machine: with other work running, --jobs 2 gets no second core"
