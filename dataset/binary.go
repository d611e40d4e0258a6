package dataset

import "fmt"

// Binary is a set of N vectors in {-1,+1}^D, the only form of data herding sees.
// Rows[n][j] is x_nj, either +1 or -1 (docs/spec.md, "Data formats": a '1' character or a
// set bit is +1).
type Binary struct {
	Name  string   // where the vectors came from, for reports ("default", "usps digit 3, split 0 train", a path)
	D     int      // length of every vector
	Rows  [][]int8 // N rows of D values, each +1 or -1
	Image Shape    // how to draw a vector as a picture; zero when the data are not images
}

// Shape says how the D components of a vector map to the pixels of a picture.
type Shape struct {
	Height, Width int  // Height*Width == D when set
	ColumnMajor   bool // component j is pixel (row j%Height, col j/Height); else (j/Width, j%Width)
}

// IsImage reports whether the shape describes a picture.
func (s Shape) IsImage() bool { return s.Height > 0 && s.Width > 0 }

// Pixel returns the component index holding the pixel at (row, col) of the upright picture.
func (s Shape) Pixel(row, col int) int {
	if s.ColumnMajor {
		return col*s.Height + row
	}
	return row*s.Width + col
}

// N is the number of vectors.
func (b *Binary) N() int { return len(b.Rows) }

// Head is the first n vectors cut to their first d components (no image shape: a cut of a
// picture is not one), sharing b's rows: a small data set of the same kind, as the tests of
// a tool flow take where the design's size is not what they check.
func (b *Binary) Head(n, d int) (*Binary, error) {
	if n <= 0 || n > b.N() || d <= 0 || d > b.D {
		return nil, fmt.Errorf("data set %q: no head of %d vectors of %d components in its %d of %d", b.Name, n, d, b.N(), b.D)
	}
	rows := make([][]int8, n)
	for i := range rows {
		rows[i] = b.Rows[i][:d:d]
	}
	return &Binary{Name: fmt.Sprintf("%s[:%d, :%d]", b.Name, n, d), D: d, Rows: rows}, nil
}

// Validate checks that every row has length D and holds only +1 and -1, and that the image
// shape, when set, covers exactly D components.
func (b *Binary) Validate() error {
	if len(b.Rows) == 0 {
		return fmt.Errorf("data set %q: no vectors", b.Name)
	}
	if b.D <= 0 {
		return fmt.Errorf("data set %q: vector length D=%d, must be positive", b.Name, b.D)
	}
	for n, row := range b.Rows {
		if len(row) != b.D {
			return fmt.Errorf("data set %q: vector %d has length %d, want D=%d", b.Name, n, len(row), b.D)
		}
		for j, v := range row {
			if v != 1 && v != -1 {
				return fmt.Errorf("data set %q: vector %d component %d is %d, want +1 or -1", b.Name, n, j, v)
			}
		}
	}
	if b.Image.IsImage() && b.Image.Height*b.Image.Width != b.D {
		return fmt.Errorf("data set %q: image shape %dx%d does not cover D=%d", b.Name, b.Image.Height, b.Image.Width, b.D)
	}
	return nil
}

// BitString renders a +-1 vector as docs/spec.md's text: '1' for +1, '0' for -1,
// component 0 first.
func BitString(v []int8) string {
	s := make([]byte, len(v))
	for j, x := range v {
		if x > 0 {
			s[j] = '1'
		} else {
			s[j] = '0'
		}
	}
	return string(s)
}
