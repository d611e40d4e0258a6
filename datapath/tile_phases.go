package datapath

import mbits "math/bits"

// The arithmetic of each phase of the tiled datapath, in the order the hardware adds and
// casts (rtlgen's Verilog does the same, and the RTL simulations against this model check
// one with the other). Work a phase spreads over its cycles in hardware is done here at
// the cycle the table's comment names when nothing else can observe the difference:
// the memories and registers the next phase reads are the same at the phase's end.

// act does the current cycle's work.
func (m *TileMachine) act() {
	switch m.ph {
	case TEPrefetch:
		m.prefetch(true)
	case TPrefetch:
		m.prefetch(false)
	case TEPass:
		m.pass(true)
	case TPass:
		if m.layout != nil {
			m.skipPass()
		} else {
			m.pass(false)
		}
	case TGather:
		if m.cyc == 0 {
			m.gather()
		}
	case TStart:
		m.fromData, m.startN = false, -1
	case TSweep:
		if m.cyc == 0 {
			m.sweep()
		}
	case TWriteback:
		m.writeback()
	case TCUpdate:
		if m.cyc == 0 {
			m.updateC()
		}
	}
}

// rowOf is the hidden unit (or, at K in the energy pass, the c row) of tile row r.
func (m *TileMachine) rowOf(r int) int { return m.ctr[CtrTile]*m.s.T + r }

// prefetch is one cycle of PREFETCH / E_PREFETCH: word (g, j) of the tile's group gi into
// the tile buffer, and s_r = b_r - W_r0 - W_r1 - ... (each step cast to the field register).
// The energy pass takes c_j for the c row, row K (b = 0).
func (m *TileMachine) prefetch(energy bool) {
	s, wbits := m.s, m.arch.Regs[RegW].Format.Word
	if m.cyc == 0 && m.layout != nil && !energy {
		m.clearQ() // the word-skip pass's statistics start from 0 (the P memory's write port is free)
	}
	if m.cyc >= s.GT*s.D {
		return // the pipeline's cycles after the last word (LatPrefetch)
	}
	j, gi := m.cyc/s.GT, m.cyc%s.GT
	g := m.ctr[CtrTile]*s.GT + gi
	word := s.WordLanes(m.wmem, s.WWord(g, j))
	for slot := 0; slot < s.PW; slot++ {
		r, i := gi*s.PW+slot, g*s.PW+slot
		v := s.slotValue(word, slot, wbits)
		if energy && i == s.K {
			v = m.c[j]
		}
		m.tile[j][r] = v
		if i > s.K || (i == s.K && !energy) {
			continue // a padding row: zero weights, zero start
		}
		st := m.start[r]
		if j == 0 {
			st = 0
			if i < s.K {
				st = m.b[i]
			}
		}
		m.start[r] = m.put(RegField, i, st-v)
	}
}

// rows is the number of the current tile's rows that hold a hidden unit (TileSizes.TileRows).
func (m *TileMachine) rows(energy bool) int { return m.s.TileRows(m.ctr[CtrTile], energy) }

// pass is one cycle of PASS / E_PASS for batch b: cycle 0 captures batch b-1 (the positive
// pass) and clears the accumulators; cycle 1 loads s_r into every accumulator (0 + s_r);
// cycles 2..D+1 add 2 W_rj to the accumulators of the vectors with x_nj = +1. The positive
// pass also adds batch b-1's statistics z_ni x_nj to P at j; the energy pass reads batch
// b's fields out into the energies after its adds (the array stands still while it does).
func (m *TileMachine) pass(energy bool) {
	s, b, rows := m.s, m.ctr[CtrBatch], m.rows(energy)
	switch c := m.cyc; {
	case c == 0:
		if b > 0 && !energy {
			m.capture(b - 1)
		}
	case c == 1:
		m.loadStarts(b, rows)
	case c < s.D+2:
		j := c - 2
		m.addWord(j, m.xmem[s.XWord(b, j)], rows)
		if !energy && b > 0 {
			m.accumulateP(b-1, j)
		}
	case c == s.D+2 && energy:
		m.captureEnergies(b)
	}
}

// loadStarts loads s_r into every accumulator of batch b (0 + s_r).
func (m *TileMachine) loadStarts(b, rows int) {
	for r := 0; r < rows; r++ {
		st := m.put(RegField, r, m.start[r])
		for n := 0; n < m.s.BatchValid(b); n++ {
			m.acc[r][n] = st
		}
	}
}

// addWord adds 2 W_rj to the accumulators of the vectors whose bit of the X word xw is set.
func (m *TileMachine) addWord(j int, xw uint16, rows int) {
	for r := 0; r < rows; r++ {
		w2 := 2 * m.tile[j][r]
		for bits := xw; bits != 0; bits &= bits - 1 {
			n := mbits.TrailingZeros16(bits)
			m.acc[r][n] = m.put(RegField, r, m.acc[r][n]+w2)
		}
	}
}

// capture takes batch b's z bits at the end of its positive pass (and sum z, which
// hidden-bias growth and word skip's statistics use).
func (m *TileMachine) capture(b int) {
	s := m.s
	for r := 0; r < m.rows(false); r++ {
		i := m.rowOf(r)
		var z uint16
		for n := 0; n < s.BatchValid(b); n++ {
			up := m.acc[r][n] >= 0
			if up {
				z |= 1 << uint(n)
			}
			m.hidden[m.vector(b, n)][i] = int8(pm1(up))
		}
		m.zcap[r] = z
		if m.arch.GrowHiddenBias || m.layout != nil {
			m.zsum[r] = m.put(RegPositive, i, m.sumOrFirst(b, m.zsum[r], s.sumTerm(z, b)))
		}
	}
}

// sumOrFirst is the running sum over batches: the term alone for batch 0.
func (m *TileMachine) sumOrFirst(b int, acc, term int64) int64 {
	if b == 0 {
		return term
	}
	return acc + term
}

// accumulateP adds batch b's statistics at visible unit j to P of every tile row.
func (m *TileMachine) accumulateP(b, j int) {
	s := m.s
	x := m.xmem[s.XWord(b, j)]
	for r := 0; r < m.rows(false); r++ {
		m.p[r][j] = m.put(RegPositive, m.rowOf(r)*s.D+j, m.sumOrFirst(b, m.p[r][j], s.popTerm(m.zcap[r], x, b)))
	}
}

// captureEnergies adds batch b's fields to the energies in the readout's order (for each
// vector, the tile's rows in order): |h| for a hidden unit, c.x_n itself for the c
// row. The last tile completes F(x_n), and SH keeps the largest (the lowest n on ties).
func (m *TileMachine) captureEnergies(b int) {
	s, rows := m.s, m.rows(true)
	lastTile := m.ctr[CtrTile] == s.NTE-1
	for col := 0; col < s.BatchValid(b); col++ {
		n := b*BatchWidth + col
		for r := 0; r < rows; r++ {
			v := m.acc[r][col]
			if m.rowOf(r) < s.K && v < 0 {
				v = -v
			}
			e := m.e[n]
			if m.ctr[CtrTile] == 0 && r == 0 {
				e = 0
			}
			m.e[n] = m.put(RegEnergy, n, e+v)
		}
		if lastTile && (n == 0 || m.e[n] > m.best) {
			m.best = m.put(RegBestEnergy, n, m.e[n])
			m.bestN = n
		}
	}
}

// gather loads x* from the data vector the search starts at: SH's best, H's x_0.
func (m *TileMachine) gather() {
	n := 0
	if m.s.SH {
		n = m.bestN
	}
	if m.layout != nil {
		m.skipGather()
		m.fromData, m.startN = true, n
		return
	}
	for j := range m.xs {
		addr, bit := m.s.XAddr(n, j)
		m.xs[j] = m.xmem[addr]>>uint(bit)&1 == 1
	}
	m.fromData, m.startN = true, n
}

// sweep is one coordinate-ascent sweep as SWEEP streams it: for each group g of PW rows,
// the z half (each row's field b_i + sum_j +-W_ij, one term a cycle, cast each step) and
// then the x half's replay of the group into vis (vis_j = c_j at g = 0, plus the group's
// terms +-W_ij by z*_i summed exactly, cast); the last replay's signs are x*. A z that
// changes counts as a change except in the first sweep from a data vector, whose z half
// recomputes that vector's hidden state.
func (m *TileMachine) sweep() {
	s, wbits := m.s, m.arch.Regs[RegW].Format.Word
	count := !(m.fromData && m.ctr[CtrSweep] == 0)
	m.changed = false
	vis := make([]int64, s.D)
	for g := 0; g < s.G; g++ {
		for slot := 0; slot < s.PW; slot++ {
			i := g*s.PW + slot
			if i >= s.K {
				break
			}
			h := m.b[i]
			for j := 0; j < s.D; j++ {
				w := s.slotValue(s.WordLanes(m.wmem, s.WWord(g, j)), slot, wbits)
				if !m.xs[j] {
					w = -w
				}
				h = m.put(RegField, i, h+w)
			}
			z := h >= 0
			if z != m.zs[i] && count {
				m.changed = true
			}
			m.zs[i] = z
		}
		for j := 0; j < s.D; j++ {
			base := vis[j]
			if g == 0 {
				base = m.c[j]
			}
			var tree int64
			for slot := 0; slot < s.PW && g*s.PW+slot < s.K; slot++ {
				w := s.slotValue(s.WordLanes(m.wmem, s.WWord(g, j)), slot, wbits)
				if !m.zs[g*s.PW+slot] {
					w = -w
				}
				tree += w
			}
			vis[j] = m.put(RegVisField, j, base+tree)
		}
	}
	for j := range m.xs {
		x := vis[j] >= 0
		if x != m.xs[j] {
			m.changed = true
		}
		m.xs[j] = x
	}
}

// writeback is one cycle of WRITEBACK: cycle 0 captures the tile's last batch; cycle
// j GT + gi writes W word (g, j) of the tile's group gi: W + P - N z*_i x*_j through the
// update register into W, with P completed by the last batch's statistics (word skip: at
// gi = 0, when j is one of its busy words); at j = 0 also b += sum z - N z*_i with
// hidden-bias growth.
func (m *TileMachine) writeback() {
	s, wbits := m.s, m.arch.Regs[RegW].Format.Word
	if m.cyc == 0 {
		m.capture(s.NB - 1)
	}
	if m.cyc >= s.GT*s.D {
		return
	}
	j, gi := m.cyc/s.GT, m.cyc%s.GT
	if m.layout != nil && gi == 0 {
		m.lastBatchQ(j)
	}
	g := m.ctr[CtrTile]*s.GT + gi
	N, last := int64(s.N), s.NB-1
	word := s.WordLanes(m.wmem, s.WWord(g, j))
	for slot := 0; slot < s.PW; slot++ {
		r, i := gi*s.PW+slot, g*s.PW+slot
		if i >= s.K {
			break
		}
		p := m.positive(r, i, j, last)
		u := m.put(RegUpdate, i*s.D+j, m.tile[j][r]+p-N*pm1(m.zs[i] == m.xs[j]))
		s.setSlot(word, slot, wbits, m.put(RegW, i*s.D+j, u))
		if j == 0 && m.arch.GrowHiddenBias {
			ub := m.put(RegUpdate, i, m.b[i]+m.zsum[r]-N*pm1(m.zs[i]))
			m.b[i] = m.put(RegB, i, ub)
		}
	}
}

// positive is P of tile row r (hidden unit i) at j for the write-back, with the last batch b:
// P of the earlier batches plus the last batch's statistics, or with word skip 2 Q - Zsum
// (Q complete: the last batch's statistics of j are in by then).
func (m *TileMachine) positive(r, i, j, last int) int64 {
	s := m.s
	if m.layout != nil {
		return 2*m.p[r][j] - m.zsum[r]
	}
	x := m.xmem[s.XWord(last, j)]
	return m.put(RegPositive, i*s.D+j, m.sumOrFirst(last, m.p[r][j], s.popTerm(m.zcap[r], x, last)))
}

// updateC is c_j += sum_n x_nj - N x*_j through the update register into c.
func (m *TileMachine) updateC() {
	N := int64(m.s.N)
	for j := range m.c {
		u := m.put(RegUpdate, j, m.c[j]+m.sx[j]-N*pm1(m.xs[j]))
		m.c[j] = m.put(RegC, j, u)
	}
}
