package datapath

// This file is a design study (issue 7, item 4), not a datapath the Machine runs: the cycle
// count and memory of a flip-driven datapath, the hardware form of herding's incremental
// fields (herding/incremental.go), against the direct datapath described in doc.go. The
// design and its USPS figures are in docs/flip-driven-datapath.md.
//
// # The flip-driven datapath
//
// With G_x = X X^T (N x N, integers in [-D, D]) and Z_t the N x K hidden states of
// iteration t, the fields H_t = X W_t^T + 1 b_t^T are kept in memory and moved by
//
//	H_{t+1} = H_t + A_t - N (X x*_t) z*_t^T (+ 1 db^T),   A_t = A_{t-1} + G_x (Z_t - Z_{t-1})
//	P_t     = P_{t-1} + (Z_t - Z_{t-1})^T X,               c.x_n += x_n.sum x - N x_n.x*_t
//
// The L lanes split the data vectors: lane l owns vectors m = b L + l (blocks
// b = 0..B-1, B = ceil(N/L)) of H, A, Z (word i B + b of its banks), column m of G_x
// (G_x bank l, word n B + b: the lanes read one whole row n of G_x in B cycles), and the
// per-vector words c.x_m, x_m.sum x, x_m.x*. P (K x D) is split by visible unit: lane l
// owns P[i][j] for j = c L + l (word i ceil(D/L) + c). W keeps the direct datapath's
// banks (row i in bank i mod L) so that the negative search is unchanged.
//
//   - Scan (positive phase), for every block b: K cycles, one per hidden unit i, in which
//     every lane reads H[i][m], takes z_m,i = sign(H), adds |H| to its energy register
//     (started from c.x_m) and compares z with the stored Z bit; 1 cycle at the end of
//     the block in which SH keeps the lane of largest F (a comparator tree over the lanes,
//     the lowest m wins ties). Each flip found stalls the scan for its stream:
//   - Flip stream, per flipped z_n,i (d = z_new - z_old = +-2): 1 cycle reads the data row
//     x_n and adds d to sum z_i; then ceil(max(N, D)/L) cycles in which every lane adds
//     d G_x[n][m] to A[i][m] for its m (one G_x read per lane per cycle) and, in the first
//     ceil(D/L) of them, d x_n,j to P[i][j] for its j. At t = 1 every z flips from 0
//     (d = z): A_1 = G_x Z_1 and P_1 = Z_1^T X are built from zero by f = N K streams.
//   - Start: 1 cycle; x* is the kept vector (SH), the previous pseudo-sample (H) or x_0
//     (t = 1). When the search starts from a data vector x_n its z is not loaded: the first
//     z half computes sign(W x_n + b) = sign(H[.][n]) = z_n exactly and does not count as a
//     change.
//   - Search: as in the direct datapath, s (G (D+1) + D (G+1) + 1) cycles, G = ceil(K/L).
//   - Update: G D cycles, W += P - N z* x*^T (P is no longer cleared: it is Z_t^T X; lane
//     l reads P[gL+l][j] through an L-way rotator from P bank j mod L, the lanes taking
//     j = c + l mod D in cycle c so the P banks are all different), c and b as in the
//     direct datapath. Then N cycles, one X row per cycle (X has one read port), of a D-bit
//     XOR-popcount: x_m.x* = D - 2 popcount(x_m XOR x*) and c.x_m += x_m.sum x - N x_m.x*.
//     Then K B cycles: every lane writes H[i][m] += A[i][m] - N z*_i x_m.x* (+ db_i).
//   - Done: 1 cycle.
//
// Register widths: G_x s(bits(D)+1) (|G_x| <= D), A s(bits(N D)+1) (|A| <= N D), H at the
// field width, P and sum z at the positive width, c.x_m at the energy width, x_m.sum x at
// A's width (|.| <= N D), x_m.x* s(bits(D)+1). The field-update adder works modulo 2^w of
// the field width (the new field fits it, so WRAP intermediates are harmless).

// FlipDrivenCost is the cycle count of one flip-driven iteration, phase by phase.
type FlipDrivenCost struct {
	Scan   uint64 // ceil(N/L) (K + 1): field scan, z, energies, flip detection, SH keep
	Flips  uint64 // f (1 + ceil(max(N, D)/L)): one row of G_x into A and one data row into P per flip
	Start  uint64 // 1
	Search uint64 // s (G (D+1) + D (G+1) + 1), as in the direct datapath
	Update uint64 // G D: W += P - N z* x*^T, c, b
	XDot   uint64 // N: x_m.x* and c.x_m, one data row per cycle
	Fields uint64 // K ceil(N/L): H += A - N (X x*) z*^T (+ db)
	Done   uint64 // 1
}

// Total is the iteration's cycles.
func (c FlipDrivenCost) Total() uint64 {
	return c.Scan + c.Flips + c.Start + c.Search + c.Update + c.XDot + c.Fields + c.Done
}

// FlipCycles is the cost of one flip: 1 + ceil(max(N, D)/L).
func (a *Arch) FlipCycles() uint64 {
	return 1 + uint64((max(a.N, a.D)+a.Lanes-1)/a.Lanes)
}

// Blocks is B = ceil(N/L): the passes over the lanes that cover every data vector in the
// flip-driven datapath.
func (a *Arch) Blocks() int { return (a.N + a.Lanes - 1) / a.Lanes }

// FlipDrivenCost returns the phases of one flip-driven iteration with f flips of z_n,i
// (0 <= f <= N K) and s sweeps of the search.
func (a *Arch) FlipDrivenCost(flips, sweeps int) FlipDrivenCost {
	G, B, D, N, K := uint64(a.Groups()), uint64(a.Blocks()), uint64(a.D), uint64(a.N), uint64(a.K)
	return FlipDrivenCost{
		Scan:   B * (K + 1),
		Flips:  uint64(flips) * a.FlipCycles(),
		Start:  1,
		Search: uint64(sweeps) * (G*(D+1) + D*(G+1) + 1),
		Update: G * D,
		XDot:   N,
		Fields: K * B,
		Done:   1,
	}
}

// FlipDrivenCycles is the exact cycle count of one flip-driven iteration:
//
//	ceil(N/L)(2K + 1) + f (1 + ceil(max(N, D)/L)) + 1 + s (G(D+1) + D(G+1) + 1) + G D + N + 1
func (a *Arch) FlipDrivenCycles(flips, sweeps int) uint64 {
	return a.FlipDrivenCost(flips, sweeps).Total()
}

// FlipDrivenFormula is FlipDrivenCycles in words, for reports.
const FlipDrivenFormula = "B(2K+1) + f(1 + ceil(max(N,D)/L)) + 1 + s(G(D+1) + D(G+1) + 1) + GD + N + 1, B = ceil(N/L), G = ceil(K/L), f = flips"

// FlipDrivenCrossover is the number of flips per iteration at which the flip-driven
// datapath costs as many cycles as the direct one (the search, s sweeps in both, cancels):
//
//	f* = (CyclesPerIteration(s) - FlipDrivenCycles(0, s)) / (1 + ceil(max(N, D)/L))
//	   = (N (G (D+1) + 2) + G D - ceil(N/L)(2K + 1) - N) / (1 + ceil(max(N, D)/L))
//
// Fewer flips than f* and the flip-driven datapath is faster. f*/(N K) is close to
// D / max(N, D) when L divides K and N. It is negative when no flip count wins.
func (a *Arch) FlipDrivenCrossover(sweeps int) float64 {
	d := float64(a.CyclesPerIteration(sweeps)) - float64(a.FlipDrivenCycles(0, sweeps))
	return d / float64(a.FlipCycles())
}

// Memory is one memory of a datapath: Words words of Width bits.
type Memory struct {
	Name  string
	Words int
	Width int
}

// Bits is Words x Width.
func (m Memory) Bits() uint64 { return uint64(m.Words) * uint64(m.Width) }

// Memories is a datapath's memories.
type Memories []Memory

// Bits is the total of every memory's bits.
func (ms Memories) Bits() uint64 {
	var t uint64
	for _, m := range ms {
		t += m.Bits()
	}
	return t
}

// UP5K block sizes: SB_RAM40_4K (EBR) and SB_SPRAM256KA.
const (
	EBRBits   = 4096
	SPRAMBits = 256 * 1024
)

// Blocks is the fewest blocks of the given size the bits fill, memory by memory (each
// memory rounded up on its own; the lanes' banking can only add to it).
func (ms Memories) Blocks(size uint64) uint64 {
	var t uint64
	for _, m := range ms {
		t += (m.Bits() + size - 1) / size
	}
	return t
}

func (a *Arch) width(r Reg) int { return a.Regs[r].Format.Word }

// DirectMemories lists the direct datapath's memories at the Arch's widths: X (N x D bits),
// the W and P banks (K x D), c and sum x (D), b (K) and, with hidden-bias growth, sum z (K).
func (a *Arch) DirectMemories() Memories {
	ms := a.sharedMemories()
	if a.GrowHiddenBias {
		ms = append(ms, Memory{"sum z", a.K, a.width(RegPositive)})
	}
	return ms
}

// sharedMemories are the memories both datapaths hold: X, W, P, c, sum x and b.
func (a *Arch) sharedMemories() Memories {
	return Memories{
		{"X", a.N * a.D, 1},
		{"W", a.K * a.D, a.width(RegW)},
		{"P", a.K * a.D, a.width(RegPositive)},
		{"c", a.D, a.width(RegC)},
		{"sum x", a.D, a.width(RegPositive)},
		{"b", a.K, a.width(RegB)},
	}
}

// DirectMemoryBits is the direct datapath's memory in bits.
func (a *Arch) DirectMemoryBits() uint64 { return a.DirectMemories().Bits() }

// GramWidth is G_x's width: |x_n.x_m| <= D. AWidth is A's: |A| <= N D.
func (a *Arch) GramWidth() int { return SignedBits(uint64(a.D)) }

// AWidth is the width of A = G_x Z (and of x_m.sum x): |A| <= N D.
func (a *Arch) AWidth() int { return SignedBits(uint64(a.N) * uint64(a.D)) }

// FlipDrivenMemories lists the flip-driven datapath's memories: the direct datapath's
// (X, W, P, c, sum x, b) and G_x (N x N), A and H (N x K), Z (N x K bits), c.x_m,
// x_m.sum x and x_m.x* (N each); sum z (K) always (the flips move it).
func (a *Arch) FlipDrivenMemories() Memories {
	return append(a.sharedMemories(), Memories{
		{"sum z", a.K, a.width(RegPositive)},
		{"G_x", a.N * a.N, a.GramWidth()},
		{"A", a.N * a.K, a.AWidth()},
		{"H", a.N * a.K, a.width(RegField)},
		{"Z", a.N * a.K, 1},
		{"c.x", a.N, a.width(RegEnergy)},
		{"x.sum x", a.N, a.AWidth()},
		{"x.x*", a.N, a.GramWidth()},
	}...)
}

// FlipDrivenMemoryBits is the flip-driven datapath's memory in bits.
func (a *Arch) FlipDrivenMemoryBits() uint64 { return a.FlipDrivenMemories().Bits() }
