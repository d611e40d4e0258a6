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
make build >&2
mkdir -p out
"$python" bench/peer/speed.py --herdsim bin/herdsim --usps "$usps" --python "$python" \
	--ks "${KS:-50,250,1000}" --modes "${MODES:-H,SH}" --regimes "${REGIMES:-early,late}" --late-span "${LATE_SPAN:-0}" --reps "${REPS:-5}" \
	--json out/speed-vs-numpy.json | tee out/speed-vs-numpy.md.tmp
mv out/speed-vs-numpy.md.tmp out/speed-vs-numpy.md
echo "speed-vs-numpy: wrote out/speed-vs-numpy.md and out/speed-vs-numpy.json" >&2
