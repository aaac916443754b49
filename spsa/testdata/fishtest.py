"""Compute fishtest.jsonl, the golden table of spsa's TestFishtest, with
fishtest's own functions.

    git clone https://github.com/official-stockfish/fishtest /tmp/fishtest
    python3 spsa/testdata/fishtest.py /tmp/fishtest > spsa/testdata/fishtest.jsonl

It imports server/fishtest/spsa_workflow.py from the checkout (the
standard library only) and, for random parameter sets drawn from a fixed
seed, calls build_spsa_state (A, each parameter's c and a),
build_spsa_worker_step (c_k and R_k of an iteration), clip_spsa_param_value
(the values of the two sides) and apply_spsa_result_updates (the update),
as spsa_handler.py does for a pair. The first line names the commit of the
checkout.

Python before 3.14 cannot read fishtest's `except A, B:` (PEP 758): the
script writes those clauses `except (A, B):`, which means the same, before
it runs the file.
"""

import json
import random
import re
import subprocess
import sys
import types


def load(checkout):
    path = checkout + "/server/fishtest/spsa_workflow.py"
    with open(path) as f:
        src = f.read()
    if sys.version_info < (3, 14):
        src = re.sub(
            r"^(\s*)except\s+([\w.]+(?:\s*,\s*[\w.]+)+)\s*:",
            r"\1except (\2):",
            src,
            flags=re.M,
        )
    mod = types.ModuleType("spsa_workflow")
    mod.__file__ = path
    sys.modules["spsa_workflow"] = mod
    exec(compile(src, path, "exec"), mod.__dict__)
    return mod


def number(rng, lo, hi, whole):
    if whole:
        return rng.randint(int(lo), int(hi))
    return round(rng.uniform(lo, hi), rng.choice([1, 2, 3, 6]))


def params_text(rng, case):
    lines = []
    for i in range(rng.randint(1, 6)):
        whole = rng.random() < 0.7
        scale = rng.choice([1, 10, 100, 1000, 0.01])
        lo = number(rng, -scale, scale, whole and scale >= 1)
        hi = lo + number(rng, 0, 2 * scale, whole and scale >= 1)
        start = number(rng, lo, hi, whole and scale >= 1) if hi > lo else lo
        start = min(max(start, lo), hi)
        c_end = rng.choice([0.5, 1, 2, 4, 8, scale / 20 or 0.01, round(rng.uniform(0.01, 10), 3)])
        r_end = rng.choice([0.002, 0.0020, 0.001, 0.01, 0, 0.05, round(rng.uniform(0, 0.01), 5)])
        lines.append(f"P{case}_{i},{start},{lo},{hi},{c_end},{r_end}")
    return "\n".join(lines)


def main():
    checkout = sys.argv[1]
    sw = load(checkout)
    commit = subprocess.run(
        ["git", "-C", checkout, "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    print(json.dumps({"fishtest": commit or "unknown", "python": sys.version.split()[0]}))
    rng = random.Random(20261206)
    for case in range(100):
        pairs = rng.choice([1, 2, 3, 10, 37, 100, 250, 1000, 5000, 20000, 123457, 1000000])
        a_ratio = rng.choice([0, 0.1, 0.1, 0.05, 0.25, 0.5, 1.0, 0.333, round(rng.uniform(0, 2), 4)])
        alpha = rng.choice([0.602, 0.602, 0.5, 1.0, 0, round(rng.uniform(0, 1.5), 4)])
        gamma = rng.choice([0.101, 0.101, 0.2, 0, round(rng.uniform(0, 0.5), 4)])
        raw = params_text(rng, case)
        post = {
            "spsa_algorithm": "classic",
            "spsa_A": repr(a_ratio),
            "spsa_alpha": repr(alpha),
            "spsa_gamma": repr(gamma),
            "spsa_raw_params": raw,
        }
        spsa = sw.build_spsa_state(post, num_games=2 * pairs)
        out = {
            "pairs": pairs,
            "A_ratio": a_ratio,
            "alpha": alpha,
            "gamma": gamma,
            "params": raw,
            "A": spsa["A"],
            "c": [p["c"] for p in spsa["params"]],
            "a": [p["a"] for p in spsa["params"]],
            "steps": [],
        }
        ks = sorted({1, 2, pairs, (pairs + 1) // 2, rng.randint(1, pairs)})
        ks = [k for k in ks if 1 <= k <= pairs]
        # Each k is played by one pair, except the first, which two pairs
        # play at once from the same theta (fishtest's asynchronous updates):
        # the second is applied to the theta the first left.
        requests = [ks[0]] + ks
        pending = []
        for j, k in enumerate(requests):
            theta = [p["theta"] for p in spsa["params"]]
            flips = [rng.choice((-1, 1)) for _ in spsa["params"]]
            w_params = []
            plus, minus = [], []
            for param, flip in zip(spsa["params"], flips):
                step = sw.build_spsa_worker_step(spsa, param, iter_value=k - 1, flip=flip)
                plus.append(sw.clip_spsa_param_value(param, step["c"] * flip))
                minus.append(sw.clip_spsa_param_value(param, -step["c"] * flip))
                w_params.append(step)
            pending.append(
                {
                    "k": k,
                    "theta": theta,
                    "flip": flips,
                    "c": [w["c"] for w in w_params],
                    "R": [w["R"] for w in w_params],
                    "plus": plus,
                    "minus": minus,
                    "w_params": w_params,
                }
            )
            if j == 0:
                continue  # the second of the two at once is requested first
            for st in pending:
                st["result"] = rng.randint(-2, 2)
                st["before"] = [p["theta"] for p in spsa["params"]]
                sw.apply_spsa_result_updates(
                    spsa, st.pop("w_params"), result=st["result"], game_pairs=1
                )
                st["after"] = [p["theta"] for p in spsa["params"]]
                out["steps"].append(st)
            pending = []
        print(json.dumps(out))


if __name__ == "__main__":
    main()
