"""herd_vectors: a reader of herdsim's golden vector sets and of the core's streams.

Written from the format's specification (herdsim's testvectors/FORMAT.md, format version
2) and the core's datasheet (herd_core.md), not from herdsim's Go code, so that a
testbench built on it is a second, independent reader of both: a set that herdsim's own
reader would accept but that breaks the documented format fails here too, and the other
way round.

    vs = read_vector_set("vectors")          # every check of FORMAT.md's "What a reader checks"
    vs.words["w_final"][i * vs.arch.D + j]   # a word as written (unsigned, masked to its width)
    vs.values("w_final")                     # the same words as signed integers

VectorSetError names the file, the logical name and, for a line, its number.
"""

import hashlib
import json
import os
import re

FORMAT_VERSION = 2

# The nine datapath registers every arch names, each with a format and an overflow mode.
REGISTERS = ("W", "b", "c", "field", "vis_field", "energy", "best_energy", "positive", "update")
ARCH_FIELDS = ("K", "D", "N", "tile", "sweeps", "mode", "grow_hidden_bias", "registers")
MANIFEST_FIELDS = ("format_version", "arch", "mode", "seed", "iterations", "source", "files")

# The core's fixed sizes (herd_core.md): 16-bit beats, 48-bit W words in three beats, at
# most three weights a W word, 16 data vectors a batch, two record beats after x* and z*.
BEAT_BITS = 16
W_WORD_BITS = 48
W_BEATS = W_WORD_BITS // BEAT_BITS
MAX_PER_W_WORD = 3
BATCH = 16
RECORD_TAIL_BEATS = 2

# The command stream: op in bits 15:14, argument in bits 13:0.
OP_RUN, OP_STOP, OP_READ = 0, 1, 2
MAX_RUN = (1 << 14) - 1


class VectorSetError(Exception):
    """A vector set, or an RTL folder beside it, that breaks the documented format."""


def command(op, n=0):
    """The command beat of op with argument n."""
    return op << 14 | n


def signed(word, width):
    """A two's-complement word of width bits as a Python int."""
    return word - (1 << width) if word >> (width - 1) & 1 else word


def ceil_div(a, b):
    return -(-a // b)


class Arch:
    """The manifest's arch: sizes, mode and register widths (bits of "sW.0")."""

    def __init__(self, raw, where):
        if not isinstance(raw, dict):
            raise VectorSetError(f"{where}: arch is not an object")
        if "lanes" in raw:
            raise VectorSetError(f"{where}: the set was written for the lane datapath (its arch has \"lanes\"), "
                                 "which was retired: regenerate the set with herdsim vectors")
        _require_fields(raw, ARCH_FIELDS, ("skip_busy",), f"{where}: arch")
        for name in ("K", "D", "N", "tile", "sweeps"):
            _require_int(raw[name], f"{where}: arch.{name}", low=1)
        if raw["mode"] not in ("H", "SH"):
            raise VectorSetError(f"{where}: arch.mode = {raw['mode']!r}, want \"H\" or \"SH\"")
        if not isinstance(raw["grow_hidden_bias"], bool):
            raise VectorSetError(f"{where}: arch.grow_hidden_bias is not true or false")
        self.K, self.D, self.N = raw["K"], raw["D"], raw["N"]
        self.tile, self.sweeps, self.mode = raw["tile"], raw["sweeps"], raw["mode"]
        self.skip_busy = raw.get("skip_busy")
        if self.skip_busy is not None:
            if not isinstance(self.skip_busy, list) or len(self.skip_busy) != ceil_div(self.N, BATCH):
                raise VectorSetError(f"{where}: arch.skip_busy is not a list of one count a batch")
            for b, n in enumerate(self.skip_busy):
                _require_int(n, f"{where}: arch.skip_busy[{b}]", low=0)
        self.widths = _register_widths(raw["registers"], where)

    # The core's derived sizes, as herd_core.md and the load stream's table describe them.
    @property
    def per_w_word(self):
        """PW: the weights a 48-bit W word holds."""
        return max(1, min(MAX_PER_W_WORD, W_WORD_BITS // self.widths["W"]))

    @property
    def slot_bits(self):
        """SW: the bits of a W word's slot (weight s starts at bit s SW)."""
        return W_WORD_BITS // self.per_w_word

    @property
    def w_groups(self):
        """The W word groups the memory holds (words g D + j): whole tiles of T / PW
        groups, SH's energy pass with one row more (c) than the K hidden units."""
        pw = self.per_w_word
        per_tile = self.tile // pw
        rows = self.K + 1 if self.mode == "SH" else self.K
        return ceil_div(ceil_div(rows, pw), per_tile) * per_tile

    @property
    def w_words(self):
        return self.w_groups * self.D

    @property
    def b_beats(self):
        return ceil_div(self.widths["b"], BEAT_BITS)

    @property
    def c_beats(self):
        return ceil_div(self.widths["c"], BEAT_BITS)

    @property
    def x_beats(self):
        """The X part of the load stream: ceil(N/16) D words, or with word skip vector 0's
        D words and each busy word with its j word."""
        if self.skip_busy is not None:
            return self.D + 2 * sum(self.skip_busy)
        return ceil_div(self.N, BATCH) * self.D

    @property
    def read_beats(self):
        """The read-back (m_axis_read) and the load stream's W, b and c part."""
        return W_BEATS * self.w_words + self.K * self.b_beats + self.D * self.c_beats

    @property
    def record_beats(self):
        return ceil_div(self.D, BEAT_BITS) + ceil_div(self.K, BEAT_BITS) + RECORD_TAIL_BEATS


def _register_widths(regs, where):
    if not isinstance(regs, dict):
        raise VectorSetError(f"{where}: arch.registers is not an object")
    _require_fields(regs, REGISTERS, (), f"{where}: arch.registers")
    widths = {}
    for name in REGISTERS:
        spec = regs[name]
        if not isinstance(spec, dict):
            raise VectorSetError(f"{where}: arch.registers.{name} is not an object")
        _require_fields(spec, ("format", "overflow"), (), f"{where}: arch.registers.{name}")
        m = re.fullmatch(r"s([1-9][0-9]*)\.0", str(spec["format"]))
        if not m or not 2 <= int(m.group(1)) <= 64:
            raise VectorSetError(f"{where}: arch.registers.{name}.format = {spec['format']!r}, want sW.0 (W bits, 2..64)")
        if spec["overflow"] not in ("WRAP", "SAT"):
            raise VectorSetError(f"{where}: arch.registers.{name}.overflow = {spec['overflow']!r}, want WRAP or SAT")
        widths[name] = int(m.group(1))
    return widths


def _require_fields(obj, required, optional, where):
    missing = [f for f in required if f not in obj]
    if missing:
        raise VectorSetError(f"{where}: missing {', '.join(missing)}")
    extra = sorted(set(obj) - set(required) - set(optional))
    if extra:
        raise VectorSetError(f"{where}: unknown field {', '.join(extra)}")


def _require_int(v, where, low):
    if isinstance(v, bool) or not isinstance(v, int) or v < low:
        raise VectorSetError(f"{where} = {v!r}, want an integer >= {low}")


def file_table(arch, iterations):
    """The eleven logical files: name -> (count, width) (FORMAT.md, "Logical files")."""
    K, D, N, T, w = arch.K, arch.D, arch.N, iterations, arch.widths
    return {
        "x": (N, D), "w0": (K * D, w["W"]), "b0": (K, w["b"]), "c0": (D, w["c"]),
        "x_star": (T, D), "z_star": (T, K),
        "w_final": (K * D, w["W"]), "b_final": (K, w["b"]), "c_final": (D, w["c"]),
        "cycles": (T, 32), "overflow": (T, 1),
    }


class VectorSet:
    """A checked vector set: arch, iterations, and every logical file's words."""

    def __init__(self, directory, manifest, arch, words):
        self.directory = directory
        self.manifest = manifest
        self.arch = arch
        self.mode = manifest["mode"]
        self.seed = manifest["seed"]
        self.iterations = manifest["iterations"]
        self.source = manifest["source"]
        self.files = manifest["files"]
        self.words = words

    def width(self, name):
        return self.files[name]["width"]

    def path(self, name):
        return os.path.join(self.directory, self.files[name]["path"])

    def values(self, name):
        """The words of a weight file (w0, b0, c0, w_final, b_final, c_final) as signed ints."""
        return [signed(v, self.width(name)) for v in self.words[name]]

    def where(self, name, index):
        """Where word index of a logical file is: its path and line."""
        return f"{self.files[name]['path']} line {index + 1}"


def read_vector_set(directory):
    """Reads and checks a vector set (FORMAT.md, "What a reader checks", in its order)."""
    mpath = os.path.join(directory, "manifest.json")
    try:
        with open(mpath, "rb") as f:
            manifest = json.loads(f.read().decode("utf-8"))
    except OSError as e:
        raise VectorSetError(f"{mpath}: {e.strerror} (write a set with herdsim vectors)") from None
    except (UnicodeDecodeError, ValueError) as e:
        raise VectorSetError(f"{mpath}: not JSON: {e}") from None
    if not isinstance(manifest, dict):
        raise VectorSetError(f"{mpath}: not a JSON object")
    version = manifest.get("format_version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise VectorSetError(f"{mpath}: format_version {version!r}, this reader knows {FORMAT_VERSION} only")
    _require_fields(manifest, MANIFEST_FIELDS, (), mpath)
    arch = Arch(manifest["arch"], mpath)
    if manifest["mode"] != arch.mode:
        raise VectorSetError(f"{mpath}: mode {manifest['mode']!r} differs from arch.mode {arch.mode!r}")
    _require_int(manifest["iterations"], f"{mpath}: iterations", low=1)
    _require_int(manifest["seed"], f"{mpath}: seed", low=0)
    if manifest["source"] not in ("reference", "model"):
        raise VectorSetError(f"{mpath}: source {manifest['source']!r}, want \"reference\" or \"model\"")
    table = file_table(arch, manifest["iterations"])
    entries = _check_entries(manifest["files"], table, directory, mpath)
    words = {name: _read_word_file(directory, name, entries[name]) for name in sorted(table)}
    return VectorSet(directory, manifest, arch, words)


def _check_entries(files, table, directory, mpath):
    if not isinstance(files, dict):
        raise VectorSetError(f"{mpath}: files is not an object")
    _require_fields(files, sorted(table), (), f"{mpath}: files")
    seen = {}
    root = os.path.realpath(directory)
    for name in sorted(table):
        e = files[name]
        if not isinstance(e, dict):
            raise VectorSetError(f"{mpath}: files.{name} is not an object")
        _require_fields(e, ("path", "width", "count", "sha256"), (), f"{mpath}: files.{name}")
        count, width = table[name]
        if e["width"] != width or e["count"] != count:
            raise VectorSetError(f"{mpath}: files.{name}: width {e['width']!r} and count {e['count']!r}, "
                                 f"the arch and iterations want width {width} and count {count}")
        path = e["path"]
        if not isinstance(path, str) or path == "" or path.startswith("/") or "\\" in path or \
                ".." in path.split("/"):
            raise VectorSetError(f"{mpath}: files.{name}: path {path!r} is not a relative slash-separated path inside the set")
        full = os.path.realpath(os.path.join(directory, path))
        if os.path.commonpath([root, full]) != root:
            raise VectorSetError(f"{mpath}: files.{name}: path {path!r} leads outside the set")
        if path in seen:
            raise VectorSetError(f"{mpath}: files.{name} and files.{seen[path]} are both {path!r}")
        seen[path] = name
        if not isinstance(e["sha256"], str) or not re.fullmatch(r"[0-9a-f]{64}", e["sha256"]):
            raise VectorSetError(f"{mpath}: files.{name}: sha256 {e['sha256']!r} is not 64 lower-case hex digits")
    return files


def _read_word_file(directory, name, entry):
    """The words of one $readmemh file, every line checked (FORMAT.md, "Word files")."""
    path = os.path.join(directory, entry["path"])
    where = f"{path} ({name})"
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise VectorSetError(f"{where}: {e.strerror}") from None
    width, count = entry["width"], entry["count"]
    digits = ceil_div(width, 4)
    if data and not data.endswith(b"\n"):
        raise VectorSetError(f"{where}: the last line does not end with a newline")
    lines = data.split(b"\n")[:-1] if data else []
    if len(lines) != count:
        raise VectorSetError(f"{where}: {len(lines)} lines, the manifest says {count}")
    words = []
    for n, line in enumerate(lines, 1):
        text = line.decode("ascii", errors="replace")
        if not re.fullmatch(r"[0-9a-f]*", text):
            raise VectorSetError(f"{where}: line {n}: {text!r} is not lower-case hexadecimal")
        if len(text) != digits:
            raise VectorSetError(f"{where}: line {n}: {text!r} has {len(text)} digits, width {width} wants {digits}")
        v = int(text, 16)
        if v >> width:
            raise VectorSetError(f"{where}: line {n}: {text!r} has a bit at or above the width {width}")
        words.append(v)
    got = hashlib.sha256(data).hexdigest()
    if got != entry["sha256"]:
        raise VectorSetError(f"{where}: sha256 {got} differs from the manifest's {entry['sha256']}")
    return words


# --- The RTL folder beside the set (herdsim rtl) ---

def read_rtl_info(rtl_dir, vs):
    """Checks that the RTL folder was built for this set: rtl.json's arch and iteration
    count equal the manifest's, and its input hashes equal the manifest's sha256 of x, w0,
    b0 and c0 (the files load.hex is made of)."""
    path = os.path.join(rtl_dir, "rtl.json")
    try:
        with open(path, "rb") as f:
            info = json.loads(f.read().decode("utf-8"))
    except OSError as e:
        raise VectorSetError(f"{path}: {e.strerror} (generate the folder with herdsim rtl)") from None
    except (UnicodeDecodeError, ValueError) as e:
        raise VectorSetError(f"{path}: not JSON: {e}") from None
    if info.get("arch") != vs.manifest["arch"]:
        raise VectorSetError(f"{path}: the folder was built for another arch than {vs.directory}'s "
                             f"(herdsim rtl --vectors {vs.directory} --out {rtl_dir} --force)")
    for name in ("x", "w0", "b0", "c0"):
        if info.get("inputs", {}).get(name) != vs.files[name]["sha256"]:
            raise VectorSetError(f"{path}: the folder was built from another {name} than {vs.directory}'s "
                                 f"(herdsim rtl --vectors {vs.directory} --out {rtl_dir} --force)")
    return info


def read_beat_file(path, count):
    """load.hex: count 16-bit beats, four lower-case hex digits a line."""
    try:
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
    except OSError as e:
        raise VectorSetError(f"{path}: {e.strerror}") from None
    if lines[-1] != b"" or len(lines) - 1 != count:
        raise VectorSetError(f"{path}: {len(lines) - 1} newline-ended lines, the arch's load stream has {count} beats")
    beats = []
    for n, line in enumerate(lines[:-1], 1):
        if not re.fullmatch(rb"[0-9a-f]{4}", line):
            raise VectorSetError(f"{path}: line {n}: {line!r} is not four lower-case hex digits")
        beats.append(int(line, 16))
    return beats


# --- The streams (herd_core.md, "Use"; the load stream's table) ---

def value_beats(v, n):
    """v in n 16-bit beats, low first."""
    return [v >> (BEAT_BITS * k) & 0xFFFF for k in range(n)]


def x_beats(vs):
    """The X part of the load stream without word skip: word b D + j, bit m = x_(16b+m),j,
    0 for vectors past N."""
    a = vs.arch
    out = [0] * a.x_beats
    for n, row in enumerate(vs.words["x"]):
        for j in range(a.D):
            if row >> j & 1:
                out[(n // BATCH) * a.D + j] |= 1 << (n % BATCH)
    return out


def weight_beats(arch, w, b, c):
    """W, b and c (words as the vector files hold them: K D row-major, K, D) in the stream's
    format: W word g D + j with W[g PW + s][j] in slot s (0 for rows past K), three beats a
    word; then b and c in ceil(width/16) beats each, low first."""
    pw, sw, wbits = arch.per_w_word, arch.slot_bits, arch.widths["W"]
    out = []
    for g in range(arch.w_groups):
        for j in range(arch.D):
            word = 0
            for s in range(pw):
                i = g * pw + s
                if i < arch.K:
                    word |= (w[i * arch.D + j] & ((1 << wbits) - 1)) << (s * sw)
            out += value_beats(word, W_BEATS)
    for v in b:
        out += value_beats(v, arch.b_beats)
    for v in c:
        out += value_beats(v, arch.c_beats)
    return out


def parse_read_back(arch, beats):
    """The read-back's W, b and c as words at their registers' widths (unsigned), and the
    bits the core sent that no register holds: (w K D, b K, c D, stray), stray a list of
    (what, value) for every slot or value with bits outside its register or row."""
    pw, sw, wbits = arch.per_w_word, arch.slot_bits, arch.widths["W"]
    w, b, c, stray = [0] * (arch.K * arch.D), [], [], []
    pos = 0

    def take(n):
        nonlocal pos
        v = 0
        for k in range(n):
            v |= beats[pos + k] << (BEAT_BITS * k)
        pos += n
        return v

    for g in range(arch.w_groups):
        for j in range(arch.D):
            word = take(W_BEATS)
            for s in range(pw):
                i = g * pw + s
                slot = word >> (s * sw) & ((1 << sw) - 1)
                v = slot & ((1 << wbits) - 1)
                if i < arch.K:
                    w[i * arch.D + j] = v
                    if slot >> wbits:
                        stray.append((f"W word {g * arch.D + j} slot {s} (W[{i}][{j}]) above bit {wbits}", slot))
                elif slot:
                    stray.append((f"W word {g * arch.D + j} slot {s} (row {i}, past K)", slot))
            if word >> (pw * sw):
                stray.append((f"W word {g * arch.D + j} above its {pw} slots", word))
    for name, n, beats_each, out in (("b", arch.K, arch.b_beats, b), ("c", arch.D, arch.c_beats, c)):
        width = arch.widths[name]
        for i in range(n):
            v = take(beats_each)
            if v >> width:
                stray.append((f"{name}[{i}] above bit {width}", v))
            out.append(v & ((1 << width) - 1))
    return w, b, c, stray


def parse_record(arch, beats):
    """A record's x*, z*, cycle count and overflow flag."""
    xb, zb = ceil_div(arch.D, BEAT_BITS), ceil_div(arch.K, BEAT_BITS)
    x = sum(v << (BEAT_BITS * k) for k, v in enumerate(beats[:xb]))
    z = sum(v << (BEAT_BITS * k) for k, v in enumerate(beats[xb:xb + zb]))
    lo, hi = beats[xb + zb], beats[xb + zb + 1]
    return x, z, lo | (hi & 0x7FFF) << 16, hi >> 15
