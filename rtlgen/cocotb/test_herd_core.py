"""test_herd_core: a cocotb testbench of herd_core against a herdsim vector set.

It reads the vector set with herd_vectors (a reader written from the format's
specification, independent of herdsim's Go code), drives the core's four AXI-Stream ports
with cocotbext-axi's sources and sinks under seeded random backpressure, loads the set
through s_axis_load, runs its iterations (RUN on s_axis_cmd), takes every record from
m_axis_sample, reads the weights back (READ, m_axis_read) and compares every word with
the golden files: x*, z*, cycle count and overflow flag of every iteration, every final
W, b and c. The failure message lists the first mismatches, each naming its word and the
file line it comes from.

Environment (run.py sets it): HERD_VECTORS (the vector set), HERD_RTL (the RTL folder
herdsim rtl wrote for it: rtl.json and load.hex), HERD_SEED (the backpressure's seed,
default 1).

Extend it in a module of your own beside it (herdsim rtlsim checks that the generated
files are unchanged), run with run.py --module test_herd_core --module test_mine:

    # test_mine.py
    import os
    import cocotb
    import herd_vectors as hv
    import test_herd_core as th

    @cocotb.test()
    async def test_stop_after_one(dut):
        vs = hv.read_vector_set(os.environ["HERD_VECTORS"])
        h = th.Harness(dut, seed=7)
        await h.reset()
        await h.load_memories(th.load_stream(vs, os.environ["HERD_RTL"]))
        await h.command(hv.OP_RUN, 5)
        await h.command(hv.OP_STOP)
        ...
"""

import logging
import os
import random
import warnings

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge, SimTimeoutError, with_timeout
from cocotbext.axi import AxiStreamBus, AxiStreamFrame, AxiStreamSink, AxiStreamSource

import herd_vectors as hv

CLOCK_NS = 10
MAX_LISTED = 20  # mismatches the failure message lists

# cocotbext-axi 0.1.28 calls cocotb 2's deprecated names (setimmediatevalue, Task.kill):
# warnings about its code, not this testbench's.
warnings.filterwarnings("ignore", category=DeprecationWarning, module=r"cocotbext\.axi")


def pauses(rng, one_in):
    """A pause generator: True (tvalid or tready low) about one cycle in one_in."""
    while True:
        yield rng.randrange(one_in) == 0


class Mismatches:
    """Every word that differs, in the order found; the failure lists the first ones."""

    def __init__(self):
        self.found = []

    def check(self, what, expected, got):
        if expected != got:
            self.found.append(f"{what}: expected {expected}, got {got}")

    def summary(self):
        lines = self.found[:MAX_LISTED]
        more = len(self.found) - len(lines)
        tail = [f"... and {more} more"] if more else []
        count = "1 mismatch" if len(self.found) == 1 else f"{len(self.found)} mismatches"
        return f"{count}:\n  " + "\n  ".join(lines + tail)


class Harness:
    """The core with its clock and its four streams, each under seeded random backpressure
    (tvalid or tready low about one cycle in four); the steps of a run as methods, each
    bounded in cycles (a stuck core fails on a timeout, naming the step)."""

    def __init__(self, dut, seed):
        self.dut = dut
        rng = random.Random(seed)
        for port in ("s_axis_load", "s_axis_cmd", "m_axis_sample", "m_axis_read"):
            logging.getLogger(f"cocotb.{dut._name}.{port}").setLevel(logging.WARNING)  # no banners
        self.load = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis_load"), dut.clk, dut.rst, byte_size=16)
        self.cmd = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis_cmd"), dut.clk, dut.rst, byte_size=16)
        self.samples = AxiStreamSink(AxiStreamBus.from_prefix(dut, "m_axis_sample"), dut.clk, dut.rst, byte_size=16)
        self.read = AxiStreamSink(AxiStreamBus.from_prefix(dut, "m_axis_read"), dut.clk, dut.rst, byte_size=16)
        for stream in (self.load, self.cmd, self.samples, self.read):
            stream.set_pause_generator(pauses(random.Random(rng.getrandbits(64)), 4))

    async def reset(self):
        """Starts the clock and holds rst high for two cycles."""
        cocotb.start_soon(Clock(self.dut.clk, CLOCK_NS, unit="ns").start())
        self.dut.rst.value = 1
        await ClockCycles(self.dut.clk, 2)
        self.dut.rst.value = 0

    async def load_memories(self, beats):
        """Streams the load (every beat) into s_axis_load."""
        await self.load.send(AxiStreamFrame(beats))
        await within(self.load.wait(), 8 * len(beats) + 100, "the load")

    async def command(self, op, n=0):
        """Sends one command beat (RUN n, STOP, READ) on s_axis_cmd."""
        await self.cmd.send(AxiStreamFrame([hv.command(op, n)]))

    async def next_record(self, cycles):
        """The next record's beats from m_axis_sample (up to tlast), within cycles."""
        frame = await within(self.samples.recv(), cycles, "a record")
        return list(frame.tdata)

    async def until_idle(self, cycles=1000):
        async def idle():
            while not self.dut.idle.value:
                await RisingEdge(self.dut.clk)
        await within(idle(), cycles, "idle")

    async def read_back(self, beats):
        """READ, and the read-back's beats from m_axis_read (up to tlast)."""
        await self.command(hv.OP_READ)
        frame = await within(self.read.recv(), 16 * beats + 100, "the read-back")
        return list(frame.tdata)

    async def valid_cycles(self, tvalid, cycles):
        """How many of the next cycles have tvalid high."""
        n = 0
        for _ in range(cycles):
            await RisingEdge(self.dut.clk)
            n += int(tvalid.value)
        return n


async def within(awaitable, cycles, what):
    """awaitable, or an AssertionError naming what did not come within cycles."""
    try:
        return await with_timeout(awaitable, cycles * CLOCK_NS, "ns")
    except SimTimeoutError:
        raise AssertionError(f"{what} did not come within {cycles} cycles") from None


async def run_and_check(dut, vs, load, seed):
    """Loads load (the beats), runs vs.iterations iterations, reads back and checks every
    word; returns the Mismatches."""
    a, T, bad = vs.arch, vs.iterations, Mismatches()
    h = Harness(dut, seed)
    await h.reset()
    await h.load_memories(load)

    # The run: RUN n, n at most MAX_RUN, then the next RUN once the core is idle; each
    # record checked as it comes, within twice its iteration's cycles and its beats' stalls.
    begun = 0
    while begun < T:
        n = min(T - begun, hv.MAX_RUN)
        await h.command(hv.OP_RUN, n)
        for t in range(begun, begun + n):
            beats = await h.next_record(2 * vs.words["cycles"][t] + 64 * a.record_beats + 1000)
            check_record(a, vs, t, beats, bad)
        begun += n
        await h.until_idle()
    bad.check("records after the last iteration (cycles of m_axis_sample_tvalid)", 0,
              await h.valid_cycles(dut.m_axis_sample_tvalid, 64) + h.samples.count())
    bad.check("overflow output after the last iteration", vs.words["overflow"][T - 1], int(dut.overflow.value))

    # The read-back: W, b and c, in the load stream's format.
    check_read_back(a, vs, await h.read_back(a.read_beats), bad)
    bad.check("read-back beats after tlast (cycles of m_axis_read_tvalid)", 0,
              await h.valid_cycles(dut.m_axis_read_tvalid, 64) + h.read.count())
    bad.check("idle after the read-back", 1, int(dut.idle.value))
    return bad


def check_record(a, vs, t, beats, bad):
    """Record t (0-based): its length (tlast on its last beat), x*, z*, cycles, overflow."""
    it = f"iteration {t + 1}"
    if len(beats) != a.record_beats:
        bad.check(f"{it}: record beats (tlast)", a.record_beats, len(beats))
        return
    x, z, cycles, overflow = hv.parse_record(a, beats)
    for name, got in (("x_star", x), ("z_star", z), ("cycles", cycles), ("overflow", overflow)):
        want = vs.words[name][t]
        if name in ("x_star", "z_star"):
            bad.check(f"{it}: {name}[{t}] ({vs.where(name, t)})", hex(want), hex(got))
        else:
            bad.check(f"{it}: {name}[{t}] ({vs.where(name, t)})", want, got)


def check_read_back(a, vs, beats, bad):
    """Every final W, b and c value, as signed integers; and no bit the core sent outside a
    register (slots past K, bits above a width)."""
    if len(beats) != a.read_beats:
        bad.check("read-back beats (tlast)", a.read_beats, len(beats))
        return
    w, b, c, stray = hv.parse_read_back(a, beats)
    for name, got, shape in (("w_final", w, "W"), ("b_final", b, "b"), ("c_final", c, "c")):
        width = vs.width(name)
        for k, (want, have) in enumerate(zip(vs.words[name], got)):
            index = f"[{k // a.D}][{k % a.D}]" if shape == "W" else f"[{k}]"
            bad.check(f"{name}{index} ({vs.where(name, k)})", hv.signed(want, width), hv.signed(have, width))
    for what, value in stray:
        bad.check(f"read-back {what}", hex(0), hex(value))


def load_stream(vs, rtl_dir):
    """The load stream: rtl_dir's load.hex, checked against the stream herd_vectors makes of
    the set's x, w0, b0 and c0 (all of it; with word skip, whose X part follows herdsim's
    data layout, the W, b and c part)."""
    a = vs.arch
    hv.read_rtl_info(rtl_dir, vs)
    path = os.path.join(rtl_dir, "load.hex")
    beats = hv.read_beat_file(path, a.x_beats + a.read_beats)
    want = hv.weight_beats(a, vs.words["w0"], vs.words["b0"], vs.words["c0"])
    first = a.x_beats
    if a.skip_busy is None:
        want, first = hv.x_beats(vs) + want, 0
    for k, (w, got) in enumerate(zip(want, beats[first:])):
        if w != got:
            raise hv.VectorSetError(f"{path}: beat {first + k} (line {first + k + 1}) is {got:04x}, "
                                    f"the set's x, w0, b0, c0 make {w:04x}")
    return beats


@cocotb.test()
async def test_vector_set(dut):
    """Load, run and read back a vector set; every word against its golden file."""
    vs = hv.read_vector_set(os.environ["HERD_VECTORS"])
    load = load_stream(vs, os.environ["HERD_RTL"])
    seed = int(os.environ.get("HERD_SEED", "1"))
    dut._log.info("vector set %s: K=%d D=%d N=%d T=%d mode %s, %d iterations, backpressure seed %d",
                  vs.directory, vs.arch.K, vs.arch.D, vs.arch.N, vs.arch.tile, vs.mode, vs.iterations, seed)
    bad = await run_and_check(dut, vs, load, seed)
    if bad.found:
        raise AssertionError(bad.summary())
