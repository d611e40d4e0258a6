package herding

import "gonum.org/v1/gonum/blas/blas32"

// The flip-driven updates (incremental.go, tracker.go) add a row of a fixed matrix, times
// d = z - z_prev in {-2, -1, 1, 2}, to a row of A (or P) for every hidden state that
// flipped. A hidden unit's flips are gathered first, as r<<3 | (d+2), so that the kernel
// (addFlips) can keep a block of its row of A in registers across all of them: the AVX-512
// kernel (flips_simd.go, built with GOEXPERIMENT=simd) does; the portable one adds row by
// row with gonum's axpy. Every value is an integer below 2^24, exact in float32 in any
// order, so both kernels give the same bits (tested).

// gatherFlips appends to buf the flips between prev and z (one hidden unit over the data).
func gatherFlips(z, prev []int8, buf []int32) []int32 {
	for r, zv := range z {
		if d := zv - prev[r]; d != 0 {
			buf = append(buf, flipCode(r, d))
		}
	}
	return buf
}

// flipCode encodes the flip of data row r by d in {-2, -1, 1, 2}.
func flipCode(r int, d int8) int32 { return int32(r)<<3 | int32(d+2) }

// flipAt decodes a gathered flip: the row r and d.
func flipAt(f int32) (r int, d float32) { return int(f >> 3), float32(f&7 - 2) }

// flipSum returns the sum of d over flips (the change of sum_n z_ni).
func flipSum(flips []int32) float64 {
	s := 0.0
	for _, f := range flips {
		_, d := flipAt(f)
		s += float64(d)
	}
	return s
}

// addFlipsUnitsPortable applies flips[u] to row u of acc (rows n wide) for every u.
func addFlipsUnitsPortable(acc []float32, n int, rows []float32, flips [][]int32) {
	for u, f := range flips {
		addFlipsPortable(acc[u*n:(u+1)*n], rows, f)
	}
}

// addFlipsPortable adds d rows[r] to acc for every flip; rows has len(acc) columns.
func addFlipsPortable(acc, rows []float32, flips []int32) {
	n := len(acc)
	y := blas32.Vector{N: n, Inc: 1, Data: acc}
	for _, f := range flips {
		r, d := flipAt(f)
		blas32.Axpy(d, blas32.Vector{N: n, Inc: 1, Data: rows[r*n : (r+1)*n]}, y)
	}
}
