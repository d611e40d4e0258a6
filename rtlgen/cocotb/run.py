#!/usr/bin/env python3
"""run.py: builds herd_core with Icarus Verilog and runs the cocotb testbench
(test_herd_core.py) against a vector set, writing cocotb's results.xml.

    python3 run.py --vectors VECTORS [--out DIR] [--seed N] [--waves] [--module M ...]

Run it with a Python that has the pinned packages of requirements.txt (cocotb,
cocotbext-axi), e.g. a virtual environment made with Debian's python3 (cocotb embeds that
Python's libpython into the simulator). The RTL folder is the one this file lies in
(../, as herdsim rtl wrote it; --rtl names another). DIR (default: cocotb-run beside
VECTORS) receives the simulator build and results.xml. --module runs the tests of the
named modules of this folder (default: test_herd_core; add your own beside it). Exit
status: 0 when every test passed, 1 when one failed, 2 when the run could not start (a
missing folder, no Icarus, no cocotb).
"""

import argparse
import os
import shutil
import sys

sys.dont_write_bytecode = True  # leave the RTL folder as herdsim rtl wrote it

HERE = os.path.dirname(os.path.abspath(__file__))
TOPLEVEL = "herd_core"


def core_sources(rtl_dir):
    """The core's Verilog, leaves first: the files of herd.core's core fileset."""
    path = os.path.join(rtl_dir, "herd.core")
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        sys.exit(f"run.py: {path}: {e.strerror} (generate the folder with herdsim rtl)")
    files, inside = [], False
    for line in lines:
        if line.startswith("  ") and not line.startswith("   "):
            inside = line.strip() == "core:"
        elif inside and line.startswith("      - "):
            files.append(os.path.join(rtl_dir, line[len("      - "):].strip()))
    if not files:
        sys.exit(f"run.py: {path} lists no file in its core fileset")
    return files


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--vectors", required=True, help="the vector set (herdsim vectors) the RTL folder was built for")
    p.add_argument("--out", help="folder for the build, the log and results.xml (default: cocotb-run beside --vectors)")
    p.add_argument("--seed", type=int, default=1, help="seed of the streams' random backpressure (default 1)")
    p.add_argument("--waves", action="store_true", help="dump an FST waveform into the build folder")
    p.add_argument("--rtl", default=os.path.dirname(HERE), help="the RTL folder (default: this file's folder's parent)")
    p.add_argument("--module", action="append", help="a test module of this folder (repeatable; default test_herd_core)")
    args = p.parse_args()
    rtl = os.path.abspath(args.rtl)

    vectors = os.path.abspath(args.vectors)
    if not os.path.isfile(os.path.join(vectors, "manifest.json")):
        print(f"run.py: {vectors} holds no manifest.json: not a vector set (herdsim vectors)", file=sys.stderr)
        return 2
    out = os.path.abspath(args.out or os.path.join(os.path.dirname(vectors), "cocotb-run"))
    for tool in ("iverilog", "vvp"):
        if shutil.which(tool) is None:
            print(f"run.py: {tool} not on PATH (apt-get install iverilog)", file=sys.stderr)
            return 2
    try:
        from cocotb_tools.check_results import get_results
        from cocotb_tools.runner import get_runner
    except ImportError as e:
        print(f"run.py: {e}: run it with a Python that has requirements.txt installed "
              f"(pip install -r {os.path.join(HERE, 'requirements.txt')})", file=sys.stderr)
        return 2

    runner = get_runner("icarus")
    runner.build(sources=core_sources(rtl), hdl_toplevel=TOPLEVEL, build_dir=os.path.join(out, "sim_build"),
                 timescale=("1ns", "1ps"), waves=args.waves, always=True)
    results = runner.test(
        hdl_toplevel=TOPLEVEL, test_module=args.module or ["test_herd_core"], test_dir=out, results_xml="results.xml",
        waves=args.waves, seed=args.seed,
        extra_env={"HERD_VECTORS": vectors, "HERD_RTL": rtl, "HERD_SEED": str(args.seed),
                   "PYTHONDONTWRITEBYTECODE": "1"})
    try:
        tests, failed = get_results(results)
    except RuntimeError as e:
        print(f"run.py: {e}", file=sys.stderr)
        return 1
    print(f"run.py: {tests - failed} of {tests} tests passed: {results}")
    return 1 if failed or tests == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
