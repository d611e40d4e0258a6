package datapath

import mbits "math/bits"

// The word-skip datapath's phases (docs/hardware.md, "Word skip"): the positive
// pass reads only a batch's busy X words (SkipLayout), so the statistics count only those
// too and take the rest, the same for every j, from the hidden sums. For a batch and row,
// sum_n z_n x_nj over its vectors is 2 Q_j - Zb with Q_j = sum of z_n over the vectors with
// x_nj = +1 (0 for a word that is not busy) and Zb = sum_n z_n; so P = 2 Q - Zsum, with Q in
// the P memory and Zsum = sum_n z_n counted at each capture.

// loadSkipSumX is sum_n x_nj as the load computes it with word skip: every vector has
// x = -1 where its batch's word is not busy, so sum x starts at -N, and each busy word adds
// 2 popcount of its bits (each +1 bit turns a -1 into a +1), in load order, each step
// through the positive register.
func (m *TileMachine) loadSkipSumX() {
	for j := range m.sx {
		m.sx[j] = m.put(RegPositive, j, -int64(m.s.N))
	}
	k := 0
	for _, busy := range m.layout.Busy {
		for _, j := range busy {
			m.sx[j] = m.put(RegPositive, j, m.sx[j]+int64(2*mbits.OnesCount16(m.xmem[m.s.XBusyBase()+k])))
			k++
		}
	}
}

// skipPass is one cycle of a word-skip PASS for batch b: cycle 0 captures batch b-1 and
// clears the accumulators, cycle 1 loads s_r into every accumulator, cycle LatSkipAdd + k
// adds 2 W_rj of busy word k (j its pixel) where x_nj = +1; in cycles k < L_(b-1) batch
// b-1's busy word k adds its statistics to Q (but the last batch's join the write-back).
func (m *TileMachine) skipPass() {
	b, c := m.ctr[CtrBatch], m.cyc
	switch c {
	case 0:
		if b > 0 {
			m.capture(b - 1)
		}
	case 1:
		m.loadStarts(b, m.rows(false))
	}
	if k := c - LatSkipAdd; k >= 0 && k < len(m.layout.Busy[b]) {
		m.addWord(m.layout.Busy[b][k], m.busyWord(b, k), m.rows(false))
	}
	if b > 0 && c < len(m.layout.Busy[b-1]) {
		m.accumulateQ(b-1, c)
	}
}

// clearQ zeroes Q of every tile row: PREFETCH writes P's words 0 before a tile's pass.
func (m *TileMachine) clearQ() {
	for r := range m.p {
		clear(m.p[r])
	}
}

// accumulateQ adds batch b's busy word k to Q of every tile row: the z of its vectors with
// x = +1, summed, 2 popcount(z & x) - popcount(x).
func (m *TileMachine) accumulateQ(b, k int) {
	s := m.s
	j, x := m.layout.Busy[b][k], m.busyWord(b, k)&s.batchMask(b)
	for r := 0; r < m.rows(false); r++ {
		q := int64(2*mbits.OnesCount16(m.zcap[r]&x) - mbits.OnesCount16(x))
		m.p[r][j] = m.put(RegPositive, m.rowOf(r)*s.D+j, m.p[r][j]+q)
	}
}

// vector is the data vector at column col of batch b.
func (m *TileMachine) vector(b, col int) int {
	if m.layout != nil {
		return m.layout.Order[b*BatchWidth+col]
	}
	return b*BatchWidth + col
}

// busyWord is busy X word k of batch b.
func (m *TileMachine) busyWord(b, k int) uint16 { return m.xmem[m.s.XBusyBase()+m.xbase[b]+k] }

// skipGather loads x* from data vector 0's words (GATHER, t = 1).
func (m *TileMachine) skipGather() {
	for j := range m.xs {
		m.xs[j] = m.xmem[j]&1 == 1
	}
}

// lastBatchQ adds the last batch's statistics at pixel j to Q of every tile row: the
// write-back reads them with Q. The last batch keeps every pixel's word (SkipLayout), so
// its word j is pixel j.
func (m *TileMachine) lastBatchQ(j int) { m.accumulateQ(m.s.NB-1, j) }
