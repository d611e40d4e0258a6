// Package sweep explores register widths of the datapath: a grid over widths and overflow
// modes, each point run for the whole T iterations beside the float64 reference
// (sim.RunFull), its results kept as resumable, shardable units (internal/units), merged, tabulated
// (markdown and CSV), plotted, and turned into recommendations.
//
// # Grid
//
// A Spec names register groups (weight-bits: W; bias-bits: b, c; acc-bits: field,
// vis_field; energy-bits: energy, best_energy; positive-bits; update-bits; or one register
// by its report name) with their widths, and overflow modes (wrap, sat). By default each
// group is swept alone while every other register keeps its lossless worst-case width for
// T (datapath.DefaultArch), which is what a per-register recommendation needs; Cross takes
// the Cartesian product instead. Every register of a point uses the point's overflow mode.
// A point whose Arch fails Validate (say positive-bits too narrow for N) is recorded as
// invalid with the error, not run.
//
// # What a point measures
//
// The reference runs once per sweep (sim.NewReference: x*, z*, the search's start and
// sweeps, moment error and a state fingerprint per iteration, small even at USPS scale).
// Each point then runs the datapath for all T iterations without stopping and records: the
// first divergence (sim's lockstep comparison of x*, z*, the search's start, sweeps and
// cycles, every z_n, W, b, c; null when bit exact over T), the pseudo-sample
// Hamming distance to the reference summed over T (x* and z* apart) and per iteration,
// the datapath's moment error at T and the reference's, and overflow counts and observed
// widths per register. The moment error is the reference's definition (max over the
// learned features of the drift / (N T)) applied to the exact sum of the datapath's own
// updates, positive terms from its own hidden states; read off its stored weights
// instead it would hide overflow (a saturated weight cannot drift), so that reading is
// kept as weight_moment_error only.
//
// # Synthesis cost
//
// With Setup.Synth set to a synth.Targets name (the sweep command's --synth), every valid point
// is also built and synthesised, on the same worker pool, after its run: a
// testvectors.Set with the point's Arch, T, the data as X and the reference's initial
// weights (herding.InitialWeights) as W_0, b_0, c_0 gives what rtlgen.Write writes (the
// core, its load stream and the board top) in a temporary folder, and synth.Run
// synthesises it (top herd_board, synth's default 12 MHz and fixed nextpnr seed). The
// record's synth object (SynthCost) keeps target, LUTs, flip-flops, BRAM, SPRAM, DSPs,
// logic cells, fits, exceeded resources, and Fmax from nextpnr and icetime, all
// deterministic; the tools' seconds are left out, so records stay independent of timing.
// synth.CheckTools runs in the setup check, so a missing tool stops the sweep before
// anything is written; a design that does not fit is a cost with fits false, and any
// other tool failure stops the sweep (finished points stay in the folder). The target is
// part of RunInfo and so of every key: a sweep with a target never reuses records without
// cost, nor the reverse.
//
// # Units, resume, shards, merge
//
// The grid runs on internal/units, the one mechanism of resumable, shardable work (the USPS
// experiment uses it too). Each point has a key: the setup (data name and hash, K, N, D,
// L, S, mode, growth, seed, T, and the synthesis target when set), the grid labels and the
// full Arch. A finished point is one unit file, OUT/units/LABEL-MODE-HASH.json (say
// weight-bits=9-wrap-1f2e3d4c5b6a7988.json, HASH the FNV-1a 64 of the key), holding its
// record as one JSON line, written atomically; OUT/plan.json holds the setup and the grid
// (enough to list the points again without the data) and OUT/timing.jsonl each point's
// wall time. A rerun skips points whose file exists (a file holding another key is an
// error); points run on a pool of Options.Workers and each file's bytes depend on its
// point only. Shard i/n takes the points whose grid index mod n is i, into a shared folder
// or its own; Merge gathers shard folders of one plan (identical files required). Once
// every point of the grid is finished, the run or the merge writes points.jsonl (every
// record, one line each, in table order) and the report.
//
// # Report
//
// table.md, table.csv, recommendations.json, sweep_divergence.png and sweep_moment.png,
// each written atomically and depending only on the set of records (sorted by group,
// overflow mode, width), never on GOMAXPROCS or completion order. Recommendations, per
// group and overflow mode: the narrowest lossless width (bit exact over T) and the
// narrowest lossy width (moment error at T at most 1.1 times the reference's), each
// counting only if every wider swept width passes too. When some record has a synthesis
// cost, table.md gains LUTs, FFs, BRAM, logic cells, fits and Fmax columns, table.csv
// synth_* columns, and each recommendation the cost of its lossless and lossy widths.
//
// It must not touch the datapath model, the reference or their comparison (datapath,
// herding, sim own those; it only drives them), nor flags (cmd/herdsim owns those): its
// errors name values (a group, a width, an overflow mode, a synthesis target), and the
// command adds the flag it read them from. Shard specs are read by internal/shard,
// overflow mode names by fixedpoint.ParseOverflow (through the command); resume, shards,
// unit files, the plan file, the timing log and merging are internal/units'.
package sweep
