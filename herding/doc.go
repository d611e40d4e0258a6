// Package herding is herdsim's golden reference: herding (Welling, UAI 2009) on a
// restricted Boltzmann machine with +-1 units, exactly as docs/spec.md fixes it.
// Every other part of herdsim (the fixed-point datapath, the Verilog, the golden vectors)
// is checked against this package bit for bit.
//
// # The conventions, in our words
//
//   - Features z_i x_j, x_j and z_i with weights W (K x D), c (D) and b (K). The negative
//     energy of a joint state is F(x, z) = z.(W x + b) + c.x; for a visible vector alone the
//     best z is sign(W x + b), so F(x) = sum_i |(W x + b)_i| + c.x.
//   - sign(v) is +1 when v >= 0: ties go to +1 everywhere.
//   - Scaled form (the default, Form Scaled): every weight is stored multiplied by N, so each
//     update is an integer: dW = sum_n z_n x_n^T - N z* x*^T, dc = sum_n x_n - N x*,
//     db = sum_n z_n - N z* (b only with the hidden-bias growth switch). Values are integers
//     held exactly in float64; the engine stops with an error before any field or energy
//     could reach 2^53, past which float64 would round.
//   - Initialisation: b_0 = c_0 = 0 and W_0[i][j] = int64(next() % (2N+1)) - N from
//     splitmix64 seeded with Seed (default 1), row-major.
//   - One iteration: (1) the positive phase computes h_n = W x_n + b, z_n = sign(h_n) and
//     e_n = -F(x_n) for every data vector; (2) the negative search starts from the previous
//     pseudo-sample (mode H; data vector 0 at t = 1) or from the data vector of lowest e_n,
//     the lowest n on ties (mode SH, safe herding); (3) at most S sweeps (default 10) of
//     z <- sign(W x + b) then x <- sign(W^T z + c), stopping after the first sweep that
//     changes nothing; (4) the update. The pseudo-sample of iteration t is the search's result.
//   - Rates (equation 22): R_t sums the positive term over iterations. Decouple switches to
//     decoupled herding, whose positive term is R_T / T; to stay exact the engine multiplies
//     every parameter by T first (Proposition 4), so updates stay integers.
//
// # Paper form
//
// Form Unscaled runs the paper's own arithmetic in float64: weights are averages (W_0/N),
// updates eta*((mean + a) - (g + a)), fields and energies divided by a temperature gamma,
// and features offset by constants a. By Proposition 4 none of these change the state
// sequence; in floating point they do once rounding pushes a field that is exactly zero in
// the scaled form to either side of zero. The README reports where that happens.
//
// # Speed
//
// The positive phase is the cost: N*K dot products of length D, in blocks of 16 data
// vectors per pass over W so that each row of W is read from L1, split over every core.
// The positive term sum_n z_n x_n^T is computed by XOR and popcount on bit columns:
// sum_n z_ni x_nj = N - 2 popcount(Zcol_i XOR Xcol_j) (package bitcols). Results do not
// depend on the number of cores: each value is computed alone, in a fixed order.
//
// The scaled form's default is the incremental (flip-driven) form (incremental.go): the
// fields of every data vector are kept and moved along the hidden states that flip, with
// G = X X^T; Tracker does the same for the energies of a fixed evaluation set (fields.go).
// An update is recorded when the parameters change and applied in the next pass that reads
// the fields. The engine's fields are int32 (half the bytes of float64), exact while every
// |h| < 2^31: the engine checks that after every update and, should the weights ever grow
// that far, continues in the direct form. Every value is an integer held exactly, so both
// forms equal the direct form (Config.Direct) bit for bit.
//
// One pass per hidden unit does an iteration's positive phase (incremental.positive): the
// pending field update, the signs, |h| into the energies (signpass.go), then the unit's
// flips, which add rows of G held in 16-bit lanes to its int32 row of A while that row is
// in L1 (flips.go). The search (search.go) makes one pass over W in its first sweep (each
// row's dot product, then the row into W^T z); later sweeps move those fields along the
// units the sweep before flipped. The update makes one pass over W, the rates and the
// anchor, which also takes max |W| and the moment error's drift. For large K the hidden
// units and rows are shared among the cores in small chunks that each worker takes as it
// finishes one (parallel.Share), so that a core held back by other jobs delays a pass by
// one chunk only.
// Each kernel is portable by default and AVX-512 when built with GOEXPERIMENT=simd on a
// CPU that has it (signpass_simd.go, flips_simd.go, rows_simd.go), with the same bits
// (tested, also by running whole runs both ways); PortableEnv (HERDSIM_PORTABLE=1) makes a
// simd build run the portable kernels, and Kernels says which ran.
//
// # Boundaries
//
// This package owns the dynamics and nothing else. It must not read files (package dataset
// does), know about hardware widths (datapath, fixedpoint) or write outputs (internal/herdrun).
package herding
