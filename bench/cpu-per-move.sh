#!/bin/sh
# bench/cpu-per-move.sh: the tournament runner's own CPU per move, read
# from the kernel's process accounting, at concurrency 1 and 2, against
# fastchess playing two Stockfish at nodes=1 in the same run.
#
# Each round plays, in turn: arbiter at -j 1, fastchess at -concurrency 1,
# arbiter at -j 2, fastchess at -concurrency 2. arbiter plays GAMES (default
# 200) Lines of Action games between two built-in random engines (instant
# engines), with move comments and an SPRT on, as a user runs it; fastchess
# plays GAMES chess games between two Stockfish at nodes=1 with its PGN's
# move comments and an SPRT on. Process accounting (accton, from Debian's
# acct) records every process's user and system time when it exits; the
# script sums the runner's and its worker processes' (arbiter) or
# fastchess's own, engines excluded, and divides by the moves played (the
# plies of the stored games; fastchess's PlyCount tags). It prints each
# run's figure and, at the end, the medians and the per-round ratios.
#
# Process accounting counts in ticks of 10 ms, so a run's figure is exact to
# about 1 % for the second or so of CPU a 200-game run takes.
#
# Needs: root (accton), Debian's acct, Go. fastchess is the yardstick where
# it is installed (FASTCHESS, or fastchess on PATH) with Stockfish
# (STOCKFISH, stockfish on PATH or /usr/games/stockfish: Debian's
# stockfish); without them only arbiter is measured. Nothing is built but
# arbiter.
#
# Usage: bench/cpu-per-move.sh     ROUNDS=5 GAMES=400 bench/cpu-per-move.sh
set -eu
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-3}
games=${GAMES:-200}
if [ "$(id -u)" != 0 ] || ! command -v accton >/dev/null 2>&1 || ! command -v dump-acct >/dev/null 2>&1; then
	echo "bench/cpu-per-move.sh needs root and process accounting (apt-get install acct)" >&2
	exit 2
fi
fastchess=${FASTCHESS:-$(command -v fastchess || true)}
stockfish=${STOCKFISH:-$(command -v stockfish || command -v /usr/games/stockfish || true)}
if [ -z "$fastchess" ] || [ -z "$stockfish" ]; then
	echo "fastchess or stockfish not found (FASTCHESS=, STOCKFISH=): measuring arbiter alone" >&2
	fastchess=
fi
dir=$(mktemp -d)
trap 'accton off >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT INT TERM
go build -tags "${TAGS-netgo,osusergo}" -o "$dir/arbiter" ./cmd/arbiter
# The engines run from a copy under another name, so that the accounting
# tells them from the runner and its workers.
cp "$dir/arbiter" "$dir/arbiter-engine"
cat >"$dir/cpu.yaml" <<EOF
name: cpu
game: lines-of-action
rounds: $((games / 2))
seed: 1
time_control: {base_ms: 60000}
move_comments: true
sprt: {elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05}
engines:
  - {name: r1, cmd: $dir/arbiter-engine, args: [engine, --game, lines-of-action, --level, random, --seed, "1"]}
  - {name: r2, cmd: $dir/arbiter-engine, args: [engine, --game, lines-of-action, --level, random, --seed, "2"]}
EOF

# cpu ACCT PID NAME: the CPU seconds of process PID and of its children
# named NAME (comm), from the accounting file ACCT.
cpu() {
	dump-acct "$1" | awk -F'|' -v pid="$2" -v name="$3" '
		{ gsub(/ /, "", $1); p = $10 + 0; pp = $11 + 0 }
		p == pid || (pp == pid && $1 == name) { t += $3 + $4 }
		END { printf "%.2f", t / 100 }'
}

# run KIND J: one run, its figure appended to $dir/figures as
# "KIND J µs/move cpu moves".
run() {
	kind=$1 j=$2
	: >"$dir/acct"
	accton "$dir/acct" >/dev/null
	case $kind in
	arbiter)
		rm -f "$dir/t.db" "$dir/t.db-wal" "$dir/t.db-shm"
		"$dir/arbiter" tournament --db "$dir/t.db" -j "$j" "$dir/cpu.yaml" >"$dir/out" 2>"$dir/err" &
		pid=$!
		wait "$pid" || { accton off >/dev/null; cat "$dir/err" >&2; exit 1; }
		accton off >/dev/null
		moves=$("$dir/arbiter" export --db "$dir/t.db" | "$dir/arbiter" validate --json - 2>/dev/null |
			awk -F'"plies":' '{ split($2, a, ","); n += a[1] } END { print n }')
		used=$(cpu "$dir/acct" "$pid" arbiter)
		;;
	fastchess)
		rm -f "$dir/fc.pgn"
		# fastchess writes config.json where it runs: in the scratch folder.
		(cd "$dir" && exec "$fastchess" -engine cmd="$stockfish" name=sf1 -engine cmd="$stockfish" name=sf2 \
			-each tc=inf nodes=1 proto=uci -rounds $((games / 2)) -repeat -concurrency "$j" \
			-pgnout file="$dir/fc.pgn" -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 >"$dir/out" 2>&1) &
		pid=$!
		wait "$pid" || { accton off >/dev/null; cat "$dir/out" >&2; exit 1; }
		accton off >/dev/null
		moves=$(awk -F'"' '/^\[PlyCount / { n += $2 } END { print n }' "$dir/fc.pgn")
		used=$(cpu "$dir/acct" "$pid" fastchess)
		;;
	esac
	awk -v k="$kind" -v j="$j" -v c="$used" -v m="$moves" \
		'BEGIN { printf "%s %s %.1f %s %s\n", k, j, c * 1e6 / m, c, m }' | tee -a "$dir/figures" |
		awk '{ printf "  %-9s -j %s: %6.1f us/move (%s s CPU, %d moves)\n", $1, $2, $3, $4, $5 }' >&2
}

echo "CPU per move, $games games a run, $rounds rounds; load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
i=0
while [ "$i" -lt "$rounds" ]; do
	i=$((i + 1))
	echo "round $i:" >&2
	for j in 1 2; do
		run arbiter "$j"
		[ -z "$fastchess" ] || run fastchess "$j"
	done
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
awk '
function median(a, k,   i, j, t) {
	for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	return k % 2 ? a[(k+1)/2] : (a[k/2] + a[k/2+1]) / 2
}
{ key = $1 " " $2; n[key]++; v[key, n[key]] = $3
  if ($1 == "fastchess") { r = $3 > 0 ? last[$2] / $3 : 0; rn[$2]++; ratio[$2, rn[$2]] = r } else last[$2] = $3
  if ($1 == "arbiter" && $2 == 2 && last[1] > 0) jr[++jn] = $3 / last[1] }
END {
	for (key in n) { k = n[key]; for (i = 1; i <= k; i++) a[i] = v[key, i]; med[key] = median(a, k) }
	printf "%-22s %10s %10s\n", "us/move (median)", "-j 1", "-j 2"
	printf "%-22s %10.1f %10.1f\n", "arbiter", med["arbiter 1"], med["arbiter 2"]
	if (("fastchess 1") in med) {
		printf "%-22s %10.1f %10.1f\n", "fastchess", med["fastchess 1"], med["fastchess 2"]
		for (j = 1; j <= 2; j++) { k = rn[j]; for (i = 1; i <= k; i++) a[i] = ratio[j, i]; rm[j] = median(a, k) }
		printf "%-22s %10.2f %10.2f   (target: at most 0.33)\n", "arbiter / fastchess", rm[1], rm[2]
	}
	# Per round, as the ratios to fastchess: the speed of the machine drifts
	# from one round to the next more than from one run to the next.
	for (i = 1; i <= jn; i++) a[i] = jr[i]
	printf "%-22s %10s %10.2f   (target: at most 1; ratio of the medians %.2f)\n", "arbiter -j 2 / -j 1", "", median(a, jn), med["arbiter 2"] / med["arbiter 1"]
}' "$dir/figures"
