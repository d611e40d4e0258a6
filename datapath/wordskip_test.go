package datapath

import (
	"slices"
	"testing"

	"herdsim/dataset"
	"herdsim/herding"
)

// TestWordSkipCounts: busy words on data built to know them. 32 vectors of D = 4: pixel 0
// is +1 everywhere (busy in both batches, free once negated), pixel 1 in the odd vectors,
// pixel 2 in the even ones (each busy in both batches in their order, in one once batched
// apart), pixel 3 in vector 5 only.
func TestWordSkipCounts(t *testing.T) {
	rows := make([][]int8, 32)
	for n := range rows {
		rows[n] = []int8{1, -1, -1, -1}
		rows[n][2-n%2] = 1 // odd: pixel 1, even: pixel 2
	}
	rows[5][3] = 1
	s := StudyWordSkip(rows, 2000, 1)
	if s.Words != 8 {
		t.Fatalf("words = %d, want 2 batches x 4", s.Words)
	}
	// natural: batch 0 pixels {0, 1, 2, 3}, batch 1 {0, 1, 2}: 7 of 8.
	// negated pixel 0: {1, 2, 3} and {1, 2}: 5 of 8.
	// batched: the odd vectors apart from the even ones: {0, 1, 3} and {0, 2}: 5 of 8.
	// clustered: and pixel 0 negated: {1, 3} and {2}: 3 of 8.
	if s.Natural != 7.0/8 || s.Polarity != 5.0/8 || s.Batched != 5.0/8 || s.Clustered != 3.0/8 {
		t.Errorf("busy fractions %+v, want natural 7/8, polarity 5/8, batched 5/8, clustered 3/8", s)
	}
}

// TestClusterBatchesIsAPermutationThatNeverGrows: the clustered order holds every vector
// once, does no worse than the greedy batches it starts from, and is the same for the
// same seed.
func TestClusterBatchesIsAPermutationThatNeverGrows(t *testing.T) {
	d := dataset.Default()
	masks := pixelMasks(d.Rows, majorityFlip(d.Rows))
	greedy := greedyBatches(masks)
	order := ClusterBatches(masks, 20000, 7)
	sorted := slices.Clone(order)
	slices.Sort(sorted)
	for i, v := range sorted {
		if v != i {
			t.Fatalf("not a permutation of the %d vectors: %v", len(d.Rows), order)
		}
	}
	if g, c := busyWords(masks, greedy), busyWords(masks, order); c > g {
		t.Errorf("local search grew the busy words: %d after %d", c, g)
	}
	if again := ClusterBatches(masks, 20000, 7); !slices.Equal(again, order) {
		t.Error("the same seed gave another order")
	}
}

// TestWordSkipUSPS prints, for the ten USPS digits (700 training images each, split seed
// 1), the fraction of X words that hold a +1 in each layout and what the field pass of
// USPS K = 50, mode H, T = 4 would take if it read only those (NT NB (D + 2) cycles now;
// NT (busy words + 2 NB) then), batched with and without negated pixels, beside the
// iteration's 194,528 cycles (go test -run WordSkipUSPS -v ./datapath; 4 s). The figures
// are in docs/history.md ("The cycle target: the four ways considered").
func TestWordSkipUSPS(t *testing.T) {
	a := DefaultArch(50, 256, 700, 1, herding.DefaultSweeps, 2000, herding.ModeH, false)
	a.Regs[RegW].Format.Word = 18
	a.UseTile(4)
	s := a.Sizes()
	pass := s.NT * s.NB * (s.D + 2)
	t.Logf("USPS K = 50, H, T = 4: field pass %d cycles of an iteration's 194,528", pass)
	for digit := range 10 {
		data, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{Digit: digit, Seed: 1})
		if err != nil {
			t.Skipf("USPS data not found: %v", err)
		}
		st := StudyWordSkip(data.Rows, 3_000_000, 1)
		if st.Clustered > st.Polarity || st.Clustered <= 0 {
			t.Errorf("digit %d: clustered %.3f, polarity %.3f", digit, st.Clustered, st.Polarity)
		}
		if st.Batched > st.Natural {
			t.Errorf("digit %d: batched %.3f, natural %.3f", digit, st.Batched, st.Natural)
		}
		cycles := func(busy float64) int { return s.NT * (int(busy*float64(st.Words)+0.5) + 2*s.NB) }
		t.Logf("digit %d: busy X words natural %.3f, negated %.3f, batched %.3f, batched and negated %.3f: field pass %d cycles batched, %d batched and negated",
			digit, st.Natural, st.Polarity, st.Batched, st.Clustered, cycles(st.Batched), cycles(st.Clustered))
	}
}

// TestSkipLayout: every vector sits once, each batch's list is exactly the pixels where
// one of its vectors has a +1, the whole batches go most busy first, and the layout holds
// no more words than the vectors' own order would.
func TestSkipLayout(t *testing.T) {
	rows := dataset.Default().Rows[:120] // 7 whole batches and one of 8
	l := NewSkipLayout(rows)
	seen := slices.Clone(l.Order)
	slices.Sort(seen)
	for i, v := range seen {
		if v != i {
			t.Fatalf("order is not a permutation: %v", l.Order)
		}
	}
	if len(l.Busy) != 8 {
		t.Fatalf("%d batches, want 8", len(l.Busy))
	}
	for b, js := range l.Busy {
		var want []int
		for j := range rows[0] {
			for _, v := range l.Order[b*BatchWidth : min((b+1)*BatchWidth, len(rows))] {
				if rows[v][j] > 0 || b == 7 { // the last batch keeps every word
					want = append(want, j)
					break
				}
			}
		}
		if !slices.Equal(js, want) {
			t.Errorf("batch %d: busy %v, want %v", b, js, want)
		}
		if b > 0 && b < 7 && len(js) > len(l.Busy[b-1]) {
			t.Errorf("batch %d has %d busy words, more than batch %d's %d", b, len(js), b-1, len(l.Busy[b-1]))
		}
	}
	natural := make([]int, len(rows))
	for i := range natural {
		natural[i] = i
	}
	if own := busyWords(pixelMasks(rows, nil), natural); l.Words()-len(rows[0]) > own {
		t.Errorf("the layout holds %d words, the vectors' own order %d", l.Words(), own)
	}
}
