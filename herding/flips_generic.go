//go:build !(goexperiment.simd && amd64)

package herding

// FlipKernel names the kernel that applies the flips: "portable" in this build.
func FlipKernel() string { return "portable" }

// addFlipsUnits applies flips[u] to row u of acc (rows.width() wide) for every u (see flips.go).
func addFlipsUnits(acc []int32, rows *flipRows, flips []unitFlips) {
	addFlipsUnitsPortable(acc, rows, flips)
}
