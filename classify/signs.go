package classify

import (
	"fmt"
	"sync"

	"herdsim/internal/signtab"
)

// Signs is a matrix of +-1 values packed eight to a byte: bit j%8 of byte j/8 of a row is
// set when value j is +1. It is how the RBM holds its data and its samples, and how a
// caller hands it images whose free energies it wants many times (FreeEnergiesSigns).
type Signs struct {
	Rows, Cols int
	stride     int     // bytes per row, ceil(Cols/8)
	bits       []uint8 // row r at bits[r*stride : (r+1)*stride]; unused high bits are 0

	once  sync.Once
	table []uint8 // the rows in groups of hidWidth columns (codes), made on first use
}

// NewSigns returns a Rows x Cols matrix of -1 values.
func NewSigns(rows, cols int) *Signs {
	stride := (cols + 7) / 8
	return &Signs{Rows: rows, Cols: cols, stride: stride, bits: make([]uint8, rows*stride)}
}

// PackSigns packs a matrix whose every value is +1 or -1.
func PackSigns(m *Matrix) (*Signs, error) {
	s := NewSigns(m.Rows, m.Cols)
	for r := 0; r < m.Rows; r++ {
		row := s.row(r)
		for j, v := range m.Row(r) {
			switch v {
			case 1:
				row[j>>3] |= 1 << (j & 7)
			case -1:
			default:
				return nil, fmt.Errorf("classify: value %g at row %d, column %d is not +1 or -1", v, r, j)
			}
		}
	}
	return s, nil
}

func (s *Signs) row(r int) []uint8 { return s.bits[r*s.stride : (r+1)*s.stride] }

// plus reports whether value (r, j) is +1.
func (s *Signs) plus(r, j int) bool { return s.bits[r*s.stride+j>>3]>>(j&7)&1 != 0 }

// At returns value (r, j): +1 or -1.
func (s *Signs) At(r, j int) float64 {
	if s.plus(r, j) {
		return 1
	}
	return -1
}

// Matrix unpacks s.
func (s *Signs) Matrix() *Matrix {
	m := NewMatrix(s.Rows, s.Cols)
	for r := 0; r < s.Rows; r++ {
		out := m.Row(r)
		for j := range out {
			out[j] = s.At(r, j)
		}
	}
	return m
}

// hiddenCodes returns the rows in groups of hidWidth columns (made once: Signs is immutable).
func (s *Signs) hiddenCodes() []uint8 {
	s.once.Do(func() { s.table = s.codes(hidWidth) })
	return s.table
}

// codes returns every row's sign patterns in groups of width columns (signtab.Codes).
func (s *Signs) codes(width int) []uint8 {
	return signtab.Codes(s.Rows, s.Cols, width, s.plus)
}
