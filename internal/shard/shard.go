package shard

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is shard Index of Of; the zero Shard is the whole grid (no sharding).
type Shard struct{ Index, Of int }

// Parse reads "i/n" with 0 <= i < n, both plain decimal numbers ("01/3", "+1/3" and
// " 1/3" are refused, so that one shard has one spelling).
func Parse(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, errA := strconv.Atoi(a)
	n, errB := strconv.Atoi(b)
	if !ok || errA != nil || errB != nil || strconv.Itoa(i) != a || strconv.Itoa(n) != b {
		return Shard{}, fmt.Errorf("%q: want a shard i/n, e.g. 0/4", s)
	}
	if n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("%q: want a shard i/n with 0 <= i < n", s)
	}
	return Shard{Index: i, Of: n}, nil
}

// Enabled reports whether the shard selects part of a grid (the zero Shard does not).
func (s Shard) Enabled() bool { return s.Of > 0 }

// Takes reports whether the item at index k of the grid belongs to the shard; every item
// does when the shard is not Enabled.
func (s Shard) Takes(k int) bool { return !s.Enabled() || k%s.Of == s.Index }

// String is "i/n", as Parse reads it, or "all" for the zero Shard.
func (s Shard) String() string {
	if !s.Enabled() {
		return "all"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Of)
}
