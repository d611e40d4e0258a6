// Package peer holds herdsim's outside yardstick: herd_numpy.py, docs/spec.md's direct form of
// herding written plainly with numpy + BLAS (OpenBLAS on Debian) in float64 and float32,
// the way a user would write it; and speed.py, which times `herdsim herd` end to end
// against it (scripts/speed-vs-numpy.sh). Its test checks that the numpy peer draws the
// same pseudo-samples as `herdsim herd` on a short USPS run, so the timings compare the
// same computation.
//
// # Boundaries
//
// It measures and compares; it must not change herding (package herding owns the
// dynamics) and holds no Go code besides its test.
package peer
