#!/usr/bin/env bash
# Times `herdsim herd` as `make build` builds it end to end against the numpy + OpenBLAS
# peers of bench/peer (docs/spec.md's direct form in float64 and float32) side by side in one
# run (issue 16): USPS digit 3, K = 50, 250, 1000 (KS), modes H and SH, iterations 10-110
# and 1000-1100 (K = 50: 10-410 and 1000-1400; LATE_SPAN=500 widens the late window to
# 1000-1500, which long runs' noise disturbs less), REPS alternating rounds (default 5),
# medians, peak RSS and the load of other jobs per cell (bench/peer/speed.py has the
# method). Writes the Markdown table to out/speed-vs-numpy.md and its data to
# out/speed-vs-numpy.json. Needs the USPS data (HERDSIM_USPS_DIR or ../shared/data/usps)
# and a python3 with numpy and scipy (Debian: apt-get install python3-numpy python3-scipy;
# PYTHON picks one). About 15 minutes on the 2-core machine; nothing else should run.
set -euo pipefail
cd "$(dirname "$0")/.."
usps=${HERDSIM_USPS_DIR:-../shared/data/usps}
[ -e "$usps/usps_all.mat" ] || { echo "speed-vs-numpy: no $usps/usps_all.mat (set HERDSIM_USPS_DIR)" >&2; exit 2; }
python=${PYTHON:-}
if [ -z "$python" ]; then
	for py in python3 /usr/bin/python3; do
		if "$py" -c 'import numpy, scipy' 2>/dev/null; then python=$py; break; fi
	done
fi
[ -n "$python" ] || { echo "speed-vs-numpy: no python3 with numpy and scipy (apt-get install python3-numpy python3-scipy, or set PYTHON)" >&2; exit 2; }
# numpy's BLAS kernels: OpenBLAS picks them from the CPU it recognises, and on a virtual CPU
# it may not recognise ("Intel(R) Xeon(R) Processor") it falls back to Prescott's SSE3
# kernels, three times slower than its AVX-512 ones: the peer would be handicapped. Say
# which it chose; OPENBLAS_CORETYPE (e.g. SkylakeX) chooses for it.
core=$("$python" - <<'PY' 2>/dev/null || true
import ctypes, ctypes.util, numpy  # numpy first: its BLAS is then the one loaded
for name in ("openblas", "blas"):
    path = ctypes.util.find_library(name)
    if path:
        try:
            lib = ctypes.CDLL(path)
            lib.openblas_get_corename.restype = ctypes.c_char_p
            print(lib.openblas_get_corename().decode())
            break
        except (OSError, AttributeError):
            pass
PY
)
echo "speed-vs-numpy: numpy's OpenBLAS kernels: ${core:-unknown (not OpenBLAS?)}${OPENBLAS_CORETYPE:+ (OPENBLAS_CORETYPE=$OPENBLAS_CORETYPE)}" >&2
case "$core" in
Prescott|Katmai|Core2|Nehalem|Generic|generic)
	echo "speed-vs-numpy: warning: OpenBLAS chose its $core kernels (it did not recognise this CPU): numpy runs slower than it can; set OPENBLAS_CORETYPE to the CPU's kind (SkylakeX for AVX-512, Haswell for AVX2) for a fair comparison" >&2 ;;
esac
make build >&2
mkdir -p out
"$python" bench/peer/speed.py --herdsim bin/herdsim --usps "$usps" --python "$python" \
	--ks "${KS:-50,250,1000}" --modes "${MODES:-H,SH}" --regimes "${REGIMES:-early,late}" --late-span "${LATE_SPAN:-0}" --reps "${REPS:-5}" \
	--json out/speed-vs-numpy.json | tee out/speed-vs-numpy.md.tmp
mv out/speed-vs-numpy.md.tmp out/speed-vs-numpy.md
echo "speed-vs-numpy: wrote out/speed-vs-numpy.md and out/speed-vs-numpy.json" >&2
