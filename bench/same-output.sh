#!/usr/bin/env bash
# same-output.sh checks that two arbiter binaries validate alike: the same
# stdout, stderr and exit status, byte for byte, for every file given and
# for damaged copies of each (cut short at several places, moves and
# separators overwritten, lines dropped, line ends made CRLF), with
# --jobs 1, 2, 3 and 8, with and without --json, from a file and from
# standard input, and for all the files at once.
#
#   bench/same-output.sh OLD_BINARY NEW_BINARY FILE...
#
# Settings (environment): DAMAGED (damaged copies of each file, 6),
# SEED (for the damage, 1), WORK (scratch directory, a new temporary one).
# Prints one line per difference and a summary; exits 1 on any difference.
set -euo pipefail

if (($# < 3)); then
	echo "usage: same-output.sh OLD_BINARY NEW_BINARY FILE..." >&2
	exit 2
fi
old=$1 new=$2
shift 2
DAMAGED=${DAMAGED:-6}
SEED=${SEED:-1}
WORK=${WORK:-$(mktemp -d)}
mkdir -p "$WORK"

# damage SRC DST K writes into DST the K-th damaged copy of SRC, the same
# for the same SEED.
damage() {
	local src=$1 dst=$2 k=$3
	python3 - "$src" "$dst" "$k" "$SEED" <<'PY'
import random, sys
src, dst, k, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
data = open(src, 'rb').read()
r = random.Random(seed * 1000 + k)
n = len(data)
kind = k % 6
if kind == 0 and n:    # cut short, anywhere
    data = data[:r.randrange(n)]
elif kind == 1 and n:  # bytes overwritten with what records are made of
    b = bytearray(data)
    for _ in range(max(1, n // 2000)):
        b[r.randrange(n)] = ord(r.choice('abcdefghijklmnop12345678-x.[]{}";% \n*/'))
    data = bytes(b)
elif kind == 2:        # lines dropped
    lines = data.split(b'\n')
    data = b'\n'.join(l for l in lines if r.random() > 0.02)
elif kind == 3:        # CRLF line ends, and a byte order mark
    data = b'\xef\xbb\xbf' + data.replace(b'\n', b'\r\n')
elif kind == 4 and n:  # moves swapped for others of the file
    words = data.split(b' ')
    for _ in range(max(1, len(words) // 500)):
        i, j = r.randrange(len(words)), r.randrange(len(words))
        words[i], words[j] = words[j], words[i]
    data = b' '.join(words)
elif kind == 5 and n:  # a piece of the file repeated in the middle of a game
    i, j = sorted((r.randrange(n), r.randrange(n)))
    data = data[:j] + data[i:i + min(j - i, 1 << 16)] + data[j:]
open(dst, 'wb').write(data)
PY
}

files=()
for f in "$@"; do
	files+=("$f")
	for ((k = 0; k < DAMAGED; k++)); do
		# The copy keeps the extension, which tells validate the format.
		b=$(basename "$f") ext=
		[[ $b == *.* ]] && ext=.${b##*.}
		d=$WORK/${b%.*}.damaged$k$ext
		damage "$f" "$d" "$k"
		files+=("$d")
	done
done

runs=0 diffs=0
# same ARGS... runs both binaries with ARGS (standard input from $stdin)
# and compares what they print and their exit status.
same() {
	local so se sn
	runs=$((runs + 1))
	set +e
	"$old" "$@" <"$stdin" >"$WORK/old.out" 2>"$WORK/old.err"
	so=$?
	"$new" "$@" <"$stdin" >"$WORK/new.out" 2>"$WORK/new.err"
	sn=$?
	set -e
	if ((so != sn)) || ! cmp -s "$WORK/old.out" "$WORK/new.out" || ! cmp -s "$WORK/old.err" "$WORK/new.err"; then
		diffs=$((diffs + 1))
		echo "DIFFERENT: $* (<$stdin): exit $so vs $sn; stdout $(cmp "$WORK/old.out" "$WORK/new.out" 2>&1 | head -1 || true); stderr $(cmp "$WORK/old.err" "$WORK/new.err" 2>&1 | head -1 || true)"
	fi
}

stdin=/dev/null
for f in "${files[@]}"; do
	for jobs in 1 2 3 8; do
		same validate --jobs "$jobs" "$f"
		same validate --jobs "$jobs" --json "$f"
	done
	stdin=$f
	same validate --jobs 2 -
	same validate --jobs 1 --json -
	stdin=/dev/null
done
for jobs in 1 2; do
	same validate --jobs "$jobs" "${files[@]}"
	same validate --jobs "$jobs" --json "${files[@]}"
done
same validate
same validate --jobs 0 "${files[0]}"
same validate --jobs 2 /nonexistent.agn

echo "same-output.sh: $runs runs over ${#files[@]} files, $diffs differing" >&2
((diffs == 0))
