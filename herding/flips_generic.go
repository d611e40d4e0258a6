//go:build !(goexperiment.simd && amd64)

package herding

// FlipKernel names the kernel that applies the flips: "portable" in this build.
func FlipKernel() string { return "portable" }

// addFlipsUnits applies flips[u] to row u of acc (rows n wide) for every u (see flips.go).
func addFlipsUnits(acc []float32, n int, rows []float32, flips [][]int32) {
	addFlipsUnitsPortable(acc, n, rows, flips)
}
