#!/usr/bin/env python3
"""A numpy + BLAS peer of `herdsim herd`: docs/spec.md's DIRECT form of herding, plainly.

Every iteration recomputes every field from W (no flip-driven bookkeeping), as a user
would write it with numpy:

    H = X W^T + b            (N x K, one GEMM)
    Z = sign(H)              (ties to +1), e_n = -(sum_i |h_ni| + c.x_n)
    start: H: the previous pseudo-sample (x_0, z_0 at t = 1); SH: argmin_n e_n (lowest n)
    at most S sweeps of z <- sign(W x + b), x <- sign(W^T z + c), stop after the first
    sweep that changes neither
    W += Z^T X - N z* x*^T   (one GEMM), c += sum_n x_n - N x*  (b stays 0: no growth)

in the scaled form of docs/spec.md (weights x N, so every update is an integer), in float64
(exact: all values stay far below 2^53) or float32 (exact only while every field, energy
and weight stays below 2^24; past that it may part from herdsim). W_0 is docs/spec.md's
splitmix64 draw, the USPS split dataset.USPSSplitIndices', so the pseudo-samples equal
`herdsim herd`'s (bench/peer's test checks it on a short run).

Usage:
    herd_numpy.py --usps DIR --digit 3 --hidden 1000 --mode H --iters 110 --dtype float32 \
        [--out trace.txt]
    herd_numpy.py --data FILE ...   (docs/spec.md's text format: one '0'/'1' line per vector)

--out writes one line per iteration: t, x* and z* as '0'/'1' strings ('1' = +1), the
data vector the search started from (-1 for the previous pseudo-sample) and the sweeps
run, separated by spaces. It reads the data, draws W_0, runs the iterations and writes
the trace once at the end (so that writing does not count against numpy per iteration).
"""

import argparse
import sys

import numpy as np

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def splitmix_next(state):
    """One splitmix64 step on a Python int state: returns (new state, output)."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def splitmix_outputs(seed, count):
    """The first count outputs of splitmix64 seeded with seed, as a uint64 array (vectorised:
    output k is the mixer applied to seed + (k+1) * golden, all modulo 2^64)."""
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + np.arange(1, count + 1, dtype=np.uint64) * np.uint64(GOLDEN)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def initial_weights(k, d, n, seed):
    """docs/spec.md's W_0 in the scaled form: int64(next() % (2N+1)) - N, row-major."""
    draws = splitmix_outputs(seed, k * d) % np.uint64(2 * n + 1)
    return (draws.astype(np.int64) - n).reshape(k, d)


def usps_split_train(usps_dir, digit, split=0, seed=1):
    """The training set of dataset.USPSSplitIndices: 700 images of digit, binarised (+1 for
    grey 5 g > 256), in the file's order, as an N x 256 int8 array of +-1."""
    from scipy.io import loadmat  # only the USPS loader needs scipy

    data = loadmat(f"{usps_dir}/usps_all.mat")["data"]  # 256 x 1100 x 10, uint8
    slot = 9 if digit == 0 else digit - 1

    def mix(v):
        return splitmix_next(v & MASK)[1]

    state = mix(mix(mix(seed) + split) + digit)
    perm = list(range(1100))
    for i in range(len(perm) - 1, 0, -1):  # splitmix.Shuffle: Fisher-Yates, j = Below(i+1)
        state, out = splitmix_next(state)
        j = out % (i + 1)
        perm[i], perm[j] = perm[j], perm[i]
    train = sorted(perm[:700])
    grey = data[:, train, slot].T.astype(np.int32)  # 700 x 256, pixels column-major as herdsim
    return np.where(grey * 5 > 256, 1, -1).astype(np.int8)


def text_data(path):
    """docs/spec.md's text format: '0'/'1' lines, '#' comments and blank lines skipped."""
    rows = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                rows.append([1 if ch == "1" else -1 for ch in line])
    return np.array(rows, dtype=np.int8)


def sign(v, dtype):
    """docs/spec.md's sign as +-1 of dtype: ties (+0 and -0) go to +1."""
    return np.where(v >= 0, dtype(1), dtype(-1))


def herd(x_int, k, mode, iters, sweeps=10, seed=1, dtype=np.float64):
    """Runs iters iterations and returns the pseudo-samples [(x*, z*, start, sweeps)]."""
    n, d = x_int.shape
    X = x_int.astype(dtype)
    W = initial_weights(k, d, n, seed).astype(dtype)
    b = np.zeros(k, dtype)
    c = np.zeros(d, dtype)
    sum_x = X.sum(axis=0)
    N = dtype(n)
    xs = zs = None
    out = []
    for t in range(1, iters + 1):
        # 1. positive phase
        H = X @ W.T
        H += b
        Z = sign(H, dtype)
        # 2. start of the search
        if mode == "SH":
            e = -(np.abs(H).sum(axis=1) + X @ c)
            m = int(np.argmin(e))  # the first minimum: lowest n on ties
        elif t == 1:
            m = 0
        else:
            m = -1
        if m >= 0:
            xs, zs = X[m].copy(), Z[m].copy()
        # 3. coordinate ascent
        done = sweeps
        for s in range(1, sweeps + 1):
            z_new = sign(W @ xs + b, dtype)
            x_new = sign(W.T @ z_new + c, dtype)
            changed = not (np.array_equal(z_new, zs) and np.array_equal(x_new, xs))
            xs, zs = x_new, z_new
            if not changed:
                done = s
                break
        # 4. update
        W += Z.T @ X
        W -= N * np.outer(zs, xs)
        c += sum_x - N * xs
        out.append((xs > 0, zs > 0, m, done))
    return out


def bits(v):
    return "".join("1" if b else "0" for b in v)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--usps", metavar="DIR", help="folder holding usps_all.mat")
    src.add_argument("--data", metavar="FILE", help="a text data file ('0'/'1' lines)")
    ap.add_argument("--digit", type=int, default=3)
    ap.add_argument("--split", type=int, default=0)
    ap.add_argument("--split-seed", type=int, default=1)
    ap.add_argument("--hidden", type=int, default=16)
    ap.add_argument("--mode", choices=["H", "SH"], default="SH")
    ap.add_argument("--iters", type=int, default=1000)
    ap.add_argument("--sweeps", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dtype", choices=["float64", "float32"], default="float64")
    ap.add_argument("--out", help="write the pseudo-samples here")
    a = ap.parse_args(argv)
    if a.usps:
        x = usps_split_train(a.usps, a.digit, a.split, a.split_seed)
    else:
        x = text_data(a.data)
    samples = herd(x, a.hidden, a.mode, a.iters, a.sweeps, a.seed, getattr(np, a.dtype))
    if a.out:
        with open(a.out, "w") as f:
            for t, (xs, zs, m, s) in enumerate(samples, 1):
                f.write(f"{t} {bits(xs)} {bits(zs)} {m} {s}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
