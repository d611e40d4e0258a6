#!/usr/bin/env python3
"""Times `herdsim herd` end to end against the numpy peers (herd_numpy.py, float64 and
float32) side by side in one run (issue 16, items 2, 3 and 5).

Every program runs as a user would run it, as a fresh process: herdsim reads the USPS
file, builds its state, herds and writes its output folder (trace, weights, summary,
pictures); the peer imports numpy, reads the file with scipy and herds. The time per
iteration of a regime is the difference of two runs, of A and B iterations, divided by
B - A, so that start-up (process, imports, data, W_0, G = X X^T) and the final writes
cancel:
    early: iterations 10-110 (K = 50: 10-410, where one iteration is too short to time)
    late:  iterations 1000-1100 (K = 50: 1000-1400)
Each cell runs REPS rounds; a round runs the three programs one after the other, their
order rotating from round to round, so that drift of the shared machine falls on all
alike; the table shows medians over rounds, and the load other jobs put on the machine
meanwhile (cores kept busy on average, from /proc/stat less this script's own children).
The peak RSS is the largest of a program's runs in the cell (its B-iteration run), from
wait4's rusage, which also gives each run's CPU time (user + system, all threads): the
table shows its difference per iteration too, which other jobs disturb less than the
wall time (OpenBLAS's threads count while they spin).

Usage: speed.py --herdsim bin/herdsim --usps DIR [--ks 50,250,1000] [--modes H,SH]
                [--regimes early,late] [--late-span N] [--reps 5] [--json out.json]
Prints a Markdown table (and the machine's load while measuring) on stdout.
"""

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PEER = os.path.join(HERE, "herd_numpy.py")


def spans(k, regime, late_span=0):
    """The two run lengths (A, B) of a regime; late_span > 0 widens the late window (the
    difference of two long runs is noisy when the window is short beside them)."""
    span = 400 if k <= 50 else 100
    start = 10 if regime == "early" else 1000
    if regime == "late" and late_span > 0:
        span = late_span
    return start, start + span


def run(argv, env=None):
    """Runs argv, returns (wall seconds, CPU seconds, peak RSS in bytes, stdout). Fails on a
    non-zero exit."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out = p.stdout.read()
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    seconds = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit(f"speed: {' '.join(argv)} exited {p.returncode}: {err.decode()[-2000:]}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, out.decode()


def programs(herdsim, usps, python, k, mode, workdir):
    """name -> function(iterations) -> argv."""
    def herd(iters):
        return [herdsim, "herd", "--data", "usps", "--usps-dir", usps, "--class", "3", "--hidden", str(k),
                "--mode", mode, "--iters", str(iters), "--out", os.path.join(workdir, f"herd-{iters}")]

    def peer(dtype):
        return lambda iters: [python, PEER, "--usps", usps, "--digit", "3", "--hidden", str(k), "--mode", mode,
                              "--iters", str(iters), "--dtype", dtype]
    return {"herdsim": herd, "numpy float64": peer("float64"), "numpy float32": peer("float32")}


def cpu_seconds():
    """(CPU seconds used by the whole machine, by this script's children, wall time)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    busy = (sum(v) - v[3] - v[4]) / os.sysconf("SC_CLK_TCK")
    ours = resource.getrusage(resource.RUSAGE_CHILDREN)
    return busy, ours.ru_utime + ours.ru_stime, time.perf_counter()


def others_load(before, after):
    """The average number of cores other jobs kept busy between two cpu_seconds()."""
    return ((after[0] - before[0]) - (after[1] - before[1])) / (after[2] - before[2])


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--herdsim", required=True)
    ap.add_argument("--usps", required=True)
    ap.add_argument("--python", default=sys.executable, help="the python3 that runs the peer (needs numpy, scipy)")
    ap.add_argument("--ks", default="50,250,1000")
    ap.add_argument("--modes", default="H,SH")
    ap.add_argument("--regimes", default="early,late")
    ap.add_argument("--late-span", type=int, default=0,
                    help="iterations of the late window (default 100; K = 50: 400)")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--json", help="also write every measurement here")
    a = ap.parse_args(argv)
    herdsim = os.path.abspath(a.herdsim)
    cells = []
    load_start = os.getloadavg()
    t_start = time.time()
    with tempfile.TemporaryDirectory(prefix="herdsim-speed-") as work:
        kernels = ""
        for k in [int(v) for v in a.ks.split(",")]:
            for regime in a.regimes.split(","):
                for mode in a.modes.split(","):
                    lo, hi = spans(k, regime, a.late_span)
                    progs = programs(herdsim, a.usps, a.python, k, mode, work)
                    names = list(progs)
                    per_iter = {n: [] for n in names}
                    cpu_per_iter = {n: [] for n in names}
                    rss = {n: 0 for n in names}
                    busy0 = cpu_seconds()
                    for rep in range(a.reps):
                        order = names[rep % len(names):] + names[:rep % len(names)]
                        for name in order:
                            t_lo, c_lo, _, _ = run(progs[name](lo))
                            t_hi, c_hi, peak, out = run(progs[name](hi))
                            per_iter[name].append((t_hi - t_lo) / (hi - lo) * 1000)
                            cpu_per_iter[name].append((c_hi - c_lo) / (hi - lo) * 1000)
                            rss[name] = max(rss[name], peak)
                            if name == "herdsim" and "kernels" in out:
                                kernels = out[out.index("kernels"):].split(")")[0]
                    busy1 = cpu_seconds()
                    cell = {"K": k, "regime": regime, "iterations": f"{lo}-{hi}", "mode": mode,
                            "ms_per_iter": {n: statistics.median(v) for n, v in per_iter.items()},
                            "runs_ms_per_iter": per_iter,
                            "cpu_ms_per_iter": {n: statistics.median(v) for n, v in cpu_per_iter.items()},
                            "runs_cpu_ms_per_iter": cpu_per_iter, "peak_rss_bytes": rss,
                            "others_load": others_load(busy0, busy1)}
                    cells.append(cell)
                    m = cell["ms_per_iter"]
                    best = min(m["numpy float64"], m["numpy float32"])
                    print(f"speed: K={k} {regime} {mode}: herdsim {m['herdsim']:.3f} ms, numpy f64 {m['numpy float64']:.3f}, "
                          f"f32 {m['numpy float32']:.3f}: {best / m['herdsim']:.1f}x", file=sys.stderr, flush=True)
    load_end = os.getloadavg()
    minutes = (time.time() - t_start) / 60
    print(f"`herdsim herd` end to end against the numpy peers: USPS digit 3 (N = 700, D = 256), "
          f"{a.reps} alternating rounds, medians; {platform.node()}, {os.cpu_count()} cores, "
          f"{minutes:.0f} minutes; load average {load_start[0]:.2f} at the start, {load_end[0]:.2f} at the end.")
    if kernels:
        print(f"herdsim's {kernels})")
    print()
    print("| K | iterations | mode | herdsim ms/iter | numpy f64 ms/iter | numpy f32 ms/iter | speed-up vs the faster numpy | target | CPU ms/iter herdsim / f64 / f32 | peak RSS herdsim / f64 / f32 (MB) | other jobs (cores) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for c in cells:
        m, r, u = c["ms_per_iter"], c["peak_rss_bytes"], c["cpu_ms_per_iter"]
        best = min(m["numpy float64"], m["numpy float32"])
        target = 3 if c["K"] >= 1000 else 2 if c["K"] <= 50 else None
        speed = best / m["herdsim"]
        verdict = "-" if target is None else f"{target}x: {'met' if speed >= target else 'missed'}"
        print(f"| {c['K']} | {c['iterations']} | {c['mode']} | {fmt(m['herdsim'])} | {fmt(m['numpy float64'])} | "
              f"{fmt(m['numpy float32'])} | {speed:.1f}x | {verdict} | "
              f"{fmt(u['herdsim'])} / {fmt(u['numpy float64'])} / {fmt(u['numpy float32'])} | "
              f"{r['herdsim'] / 2**20:.0f} / {r['numpy float64'] / 2**20:.0f} / {r['numpy float32'] / 2**20:.0f} | "
              f"{c['others_load']:.2f} |")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"load_start": load_start, "load_end": load_end, "kernels": kernels, "cells": cells}, f, indent=1)


def fmt(ms):
    return f"{ms:.3f}" if ms < 1 else f"{ms:.2f}"


if __name__ == "__main__":
    main(sys.argv[1:])
