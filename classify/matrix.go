package classify

import (
	"fmt"

	"gonum.org/v1/gonum/floats"

	"herdsim/internal/parallel"
)

// Matrix is a dense row-major matrix of float64.
type Matrix struct {
	Rows, Cols int
	Data       []float64 // Rows*Cols values, row i at Data[i*Cols : (i+1)*Cols]
}

// NewMatrix returns a zero Rows x Cols matrix.
func NewMatrix(rows, cols int) *Matrix {
	return &Matrix{Rows: rows, Cols: cols, Data: make([]float64, rows*cols)}
}

// FromRows copies equal-length rows into a matrix.
func FromRows(rows [][]float64) (*Matrix, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("classify: no rows")
	}
	m := NewMatrix(len(rows), len(rows[0]))
	for i, r := range rows {
		if len(r) != m.Cols {
			return nil, fmt.Errorf("classify: row %d has length %d, want %d", i, len(r), m.Cols)
		}
		copy(m.Row(i), r)
	}
	return m, nil
}

// FromSigns converts rows of +-1 values (dataset.Binary rows) to a matrix.
func FromSigns(rows [][]int8, d int) *Matrix {
	m := NewMatrix(len(rows), d)
	for i, r := range rows {
		out := m.Row(i)
		for j, v := range r[:d] {
			out[j] = float64(v)
		}
	}
	return m
}

// Row returns row i (shared with the matrix).
func (m *Matrix) Row(i int) []float64 { return m.Data[i*m.Cols : (i+1)*m.Cols] }

// Subset returns a new matrix of the given rows, in order.
func (m *Matrix) Subset(rows []int) *Matrix {
	s := NewMatrix(len(rows), m.Cols)
	for k, i := range rows {
		copy(s.Row(k), m.Row(i))
	}
	return s
}

// T returns the transpose.
func (m *Matrix) T() *Matrix {
	t := NewMatrix(m.Cols, m.Rows)
	transposeInto(m, t)
	return t
}

func transposeInto(m, t *Matrix) {
	for i := 0; i < m.Rows; i++ {
		for j, v := range m.Row(i) {
			t.Data[j*t.Cols+i] = v
		}
	}
}

// mulABt sets out = a b^T (out[i][k] = a_i . b_k). Every element is one gonum Dot of a row
// of a and a row of b, so the result does not depend on how rows are split over cores.
func mulABt(a, b, out *Matrix) {
	if a.Cols != b.Cols || out.Rows != a.Rows || out.Cols != b.Rows {
		panic(fmt.Sprintf("classify: mulABt sizes %dx%d, %dx%d -> %dx%d", a.Rows, a.Cols, b.Rows, b.Cols, out.Rows, out.Cols))
	}
	const block = 16 // rows of a per pass over b
	blocks := (a.Rows + block - 1) / block
	minChunk := max(1, 1<<16/max(1, b.Rows*b.Cols)) // keep tiny products on one core
	parallel.For(blocks, minChunk, func(lo, hi int) {
		for blk := lo; blk < hi; blk++ {
			i0, i1 := blk*block, min((blk+1)*block, a.Rows)
			for k := 0; k < b.Rows; k++ {
				bk := b.Row(k)
				for i := i0; i < i1; i++ {
					out.Data[i*out.Cols+k] = floats.Dot(a.Row(i), bk)
				}
			}
		}
	})
}

// addRowVector adds v to every row of m.
func addRowVector(m *Matrix, v []float64) {
	for i := 0; i < m.Rows; i++ {
		floats.Add(m.Row(i), v)
	}
}
