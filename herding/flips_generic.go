//go:build !(goexperiment.simd && amd64)

package herding

// useAVX512 is false in this build: every kernel is portable.
var useAVX512 = false

// avx512Available reports whether this build has AVX-512 kernels the CPU can run: no.
func avx512Available() bool { return false }

// kernelChoice is Kernels' kernel and reason.
func kernelChoice() (name, why string) {
	if portableRequested() {
		return "portable", "built without GOEXPERIMENT=simd; " + PortableEnv + " is set"
	}
	return "portable", "built without GOEXPERIMENT=simd"
}

// addFlipsUnits applies flips[u] to row u of acc (rows.width() wide) for every u (see flips.go).
func addFlipsUnits(acc []int32, rows *flipRows, flips []unitFlips) {
	addFlipsUnitsPortable(acc, rows, flips)
}
