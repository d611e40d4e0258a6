// Package explore is the design-space exploration of herdsim explore: a grid over the
// tiled datapath's register widths (W, the field and visible-field accumulators, the
// energies), overflow modes, tile T and hidden units K, each point measured three ways:
//
//   - the dynamics: sim.RunFull (the sweep's machinery) runs the point's tiled Arch on one
//     digit's training set beside the float reference: bit exact or the first divergence,
//     the moment error at the run's end, and every register's range;
//   - the accuracy: the USPS classification pipeline (internal/usps: learn, collect,
//     z-scored energies, MLR with cross-validated L2) with herding run on the datapath's
//     functional model at the point's registers, all ten digits of one split, the float
//     reference's test error beside it;
//   - the cost: the point's RTL (rtlgen, board top) synthesised, placed and routed by the
//     synth package (logic cells, EBR, SPRAM, DSP, fits, routed Fmax), the cycles per
//     iteration from the tiled datapath's exact cycle count (Arch.IterationCycles) at the
//     sweeps the accuracy runs' searches took, and iterations per second at that Fmax.
//
// # Sharing
//
// Work is split into units (internal/units: atomic files, resume, shards, merge) keyed by
// what they depend on, so points that share something share its unit: the float
// reference per K (ten class units), the accuracy per set of register formats (the
// functional model adds in the tiled core's order, and the tile changes only the cycle
// count, not the arithmetic), the dynamics per Arch, and the synthesis per design: SHA-256 of the files synthesis reads (the
// generated .v, .hex, .pcf) and the synthesis options, so that identical designs share
// one run of Yosys and nextpnr. Today every register width changes the design (the board
// top's IDENT reply carries rtlgen.DesignID, a hash of the whole Arch), and so does the
// split (the load image holds its training rows): in practice only equal Archs on the
// same data share a synthesis.
//
// # Results
//
// Once every unit is finished, results.json lists every point (settings, bit_exact,
// moment_error, test_error, reference_test_error, logic_cells, ebr, spram, dsp, fits,
// fmax_mhz, cycles_per_iteration, iterations_per_s), the two Pareto fronts (points not
// dominated in test error against logic cells, and against iterations per second;
// only points that fit count, ties stay on the front), the recommendation (the fewest
// logic cells among fitting points within a tolerance of the float reference) and the
// narrowing; table.md and two plots say the same. Every byte depends on the units only.
//
// # Narrowing
//
// From the widest bit-exact point of the first K it reads the ranges the model
// logged (every register in the dynamics run; W, b, c and the energies in all ten
// accuracy runs), proposes each register at the narrowest width holding its range plus a
// margin, tightens the swept groups to the narrowest width a grid point reached within the
// tolerance, and runs the proposal as one more point: proposed, then verified.
//
// It must not touch the datapath model, the reference or the pipeline (datapath, herding,
// sim, internal/usps own those) nor flags (cmd/herdsim).
package explore
