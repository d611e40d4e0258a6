package datapath

// Tick advances the machine by one clock. It returns the finished iteration on the cycle
// that completes one (the phDone cycle), else nil. The phase's arithmetic runs first; then
// the schedule (lane_schedule.go) steps the counters and, at a visit's last cycle, takes
// the phase's edge.
func (m *Machine) Tick() *Result {
	m.done = nil
	m.act()
	m.cycle++
	m.advance()
	if m.done != nil {
		m.cycle = 0
	}
	return m.done
}

// act is the current cycle's arithmetic.
func (m *Machine) act() {
	switch m.ph {
	case phLoadX:
		m.energy = 0
	case phPosField:
		m.posField()
	case phPosFinish:
		m.posFinish()
	case phPosEnd:
		m.posEnd()
	case phDrain:
		m.drain()
	case phStart:
		m.start()
	case phZField:
		m.zField()
	case phZFinish:
		m.zFinish()
	case phXAcc:
		m.xAcc()
	case phXFinish:
		m.xFinish()
	case phUpdate:
		m.update()
	case phDone:
		m.finish()
	}
}

// advance steps the schedule: the walked counter within a visit, else the phase's edge.
func (m *Machine) advance() {
	spec := &laneSchedule[m.ph]
	if m.cyc+1 < spec.Len(m.sizes) {
		m.cyc++
		if spec.Walking() {
			m.ctr[spec.Walks]++
		}
		return
	}
	m.cyc = 0
	if spec.Walking() {
		m.ctr[spec.Walks] = 0
	}
	m.ph = next(spec.PhaseOf, m.ctr[:], func(c LaneCond) bool { return m.arch.laneCond(c, m.ctr[:], m.changed) })
}

// The counters as the arithmetic reads them.
func (m *Machine) n() int   { return m.ctr[LCtrN] }
func (m *Machine) grp() int { return m.ctr[LCtrGroup] }
func (m *Machine) j() int   { return m.ctr[LCtrJ] }

// RunIteration ticks until an iteration finishes and returns it.
func (m *Machine) RunIteration() *Result {
	for {
		if r := m.Tick(); r != nil {
			return r
		}
	}
}

// lane returns the hidden unit of lane l in the current group and whether it exists
// (the last group is partial when L does not divide K).
func (m *Machine) lane(l int) (int, bool) {
	i := m.grp()*m.arch.Lanes + l
	return i, i < m.arch.K
}

// --- positive phase -------------------------------------------------------------------

// posField is one cycle of the field pass over vector n: every lane adds +-W; in group 0
// the energy register accumulates c.x and sum x counts; the P banks take vector n-1.
func (m *Machine) posField() {
	a, g, j, n := m.arch, m.grp(), m.j(), m.n()
	xj := m.xbit(n, j)
	addr := g*a.D + j
	for l := 0; l < a.Lanes; l++ {
		i, ok := m.lane(l)
		if !ok {
			break
		}
		w := m.w[l][addr]
		if !xj {
			w = -w
		}
		if j == 0 {
			m.acc[l] = m.put(RegField, l, w)
		} else {
			m.acc[l] = m.put(RegField, l, m.acc[l]+w)
		}
		if n > 0 {
			m.accumulatePositive(l, i, addr, n-1, j)
		}
	}
	if g == 0 {
		m.energy = m.put(RegEnergy, 0, m.energy+pm1(xj)*m.c[j])
		m.sx[j] = m.put(RegPositive, j, m.sx[j]+pm1(xj))
	}
}

// accumulatePositive adds z_prev,i * x_prev,j to P[i][j] (bank l, word addr).
func (m *Machine) accumulatePositive(l, i, addr, prevN, j int) {
	v := pm1(m.zprev[i] == m.xbit(prevN, j))
	m.p[l][addr] = m.put(RegPositive, i*m.arch.D+j, m.p[l][addr]+v)
}

func (m *Machine) posFinish() {
	a := m.arch
	for l := 0; l < a.Lanes; l++ {
		i, ok := m.lane(l)
		if !ok {
			break
		}
		h := m.put(RegField, l, m.acc[l]+m.b[l][m.grp()])
		z := h >= 0
		m.zcur[i] = z
		m.hidden[m.n()][i] = int8(pm1(z))
		if h < 0 {
			h = -h
		}
		m.energy = m.put(RegEnergy, 0, m.energy+h)
		if a.GrowHiddenBias {
			m.pb[l][m.grp()] = m.put(RegPositive, i, m.pb[l][m.grp()]+pm1(z))
		}
	}
}

// posEnd keeps the start of the search: SH the vector of largest F (strictly larger, so
// the lowest n wins ties); H at t = 1 vector 0.
func (m *Machine) posEnd() {
	n := m.n()
	keep := false
	if m.arch.Mode == modeSH {
		keep = n == 0 || m.energy > m.best
		if keep {
			m.best = m.put(RegBestEnergy, 0, m.energy)
		}
	} else {
		keep = n == 0 && m.iteration == 1
	}
	if keep {
		m.bestN = n
		copy(m.bestZ, m.zcur)
	}
	m.energies[n] = m.energy
	m.zprev, m.zcur = m.zcur, m.zprev
}

// drain accumulates the last vector's statistics, group by group, D cycles each.
func (m *Machine) drain() {
	a := m.arch
	addr := m.grp()*a.D + m.j()
	for l := 0; l < a.Lanes; l++ {
		i, ok := m.lane(l)
		if !ok {
			break
		}
		m.accumulatePositive(l, i, addr, a.N-1, m.j())
	}
}

// --- negative search ------------------------------------------------------------------

func (m *Machine) start() {
	if m.arch.Mode == modeSH || m.iteration == 1 {
		for j := range m.xs {
			m.xs[j] = m.xbit(m.bestN, j)
		}
		copy(m.zs, m.bestZ)
	}
}

// zField is one cycle of the z half's field pass on x*; a sweep's first cycle clears the
// changed flag (SWEEP_END has read it).
func (m *Machine) zField() {
	a, g, j := m.arch, m.grp(), m.j()
	if g == 0 && j == 0 {
		m.changed = false
	}
	addr := g*a.D + j
	xj := m.xs[j]
	for l := 0; l < a.Lanes; l++ {
		if _, ok := m.lane(l); !ok {
			break
		}
		w := m.w[l][addr]
		if !xj {
			w = -w
		}
		if j == 0 {
			m.acc[l] = m.put(RegField, l, w)
		} else {
			m.acc[l] = m.put(RegField, l, m.acc[l]+w)
		}
	}
}

func (m *Machine) zFinish() {
	for l := 0; l < m.arch.Lanes; l++ {
		i, ok := m.lane(l)
		if !ok {
			break
		}
		z := m.put(RegField, l, m.acc[l]+m.b[l][m.grp()]) >= 0
		if z != m.zs[i] {
			m.zs[i], m.changed = z, true
		}
	}
}

// xAcc adds, for visible unit j, the lanes' +-W[g*L+l][j] (an adder tree) to vis_field.
func (m *Machine) xAcc() {
	a, g := m.arch, m.grp()
	addr := g*a.D + m.j()
	var tree int64
	for l := 0; l < a.Lanes; l++ {
		i, ok := m.lane(l)
		if !ok {
			break
		}
		if m.zs[i] {
			tree += m.w[l][addr]
		} else {
			tree -= m.w[l][addr]
		}
	}
	if g == 0 {
		m.visAcc = m.put(RegVisField, 0, tree)
	} else {
		m.visAcc = m.put(RegVisField, 0, m.visAcc+tree)
	}
}

func (m *Machine) xFinish() {
	j := m.j()
	x := m.put(RegVisField, 0, m.visAcc+m.c[j]) >= 0
	if x != m.xs[j] {
		m.xs[j], m.changed = x, true
	}
}

// --- update ---------------------------------------------------------------------------

// update is one cycle of W += P - N z* x*^T for every lane at (group, j), clearing P; in
// group 0 also c_j += sum x - N x*_j; at j = 0 also b (with hidden-bias growth).
func (m *Machine) update() {
	a, g, j := m.arch, m.grp(), m.j()
	N := int64(a.N)
	addr := g*a.D + j
	for l := 0; l < a.Lanes; l++ {
		i, ok := m.lane(l)
		if !ok {
			break
		}
		u := m.put(RegUpdate, i*a.D+j, m.w[l][addr]+m.p[l][addr]-N*pm1(m.zs[i] == m.xs[j]))
		m.w[l][addr] = m.put(RegW, i*a.D+j, u)
		m.p[l][addr] = 0
		if j == 0 && a.GrowHiddenBias {
			ub := m.put(RegUpdate, i, m.b[l][g]+m.pb[l][g]-N*pm1(m.zs[i]))
			m.b[l][g] = m.put(RegB, i, ub)
			m.pb[l][g] = 0
		}
	}
	if g == 0 {
		uc := m.put(RegUpdate, j, m.c[j]+m.sx[j]-N*pm1(m.xs[j]))
		m.c[j] = m.put(RegC, j, uc)
		m.sx[j] = 0
	}
}

func (m *Machine) finish() {
	sweeps := m.ctr[LCtrSweep] + 1
	r := newResult(m.iteration, m.xs, m.zs, m.hidden, searchStart(m.arch.Mode, m.iteration, m.bestN), sweeps, m.cycle+1, m.overflowSeen > 0)
	r.Energies = append([]int64(nil), m.energies...)
	m.done = r
	m.iteration++
}
