//go:build !(goexperiment.simd && amd64)

package herding

// signPass is signPassPortable in this build (see signpass.go).
func signPass(row fieldRow32, zrow []int8, energy []int64, lo int, flips *unitFlips) {
	signPassPortable(row, zrow, energy, lo, flips)
}

// energyPass is energyPassPortable in this build (see signpass.go).
func energyPass(row fieldRow32, energy []int64) { energyPassPortable(row, energy) }
