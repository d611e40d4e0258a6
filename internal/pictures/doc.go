// Package pictures draws every PNG that herdsim produces: grids of ±1 images (pseudo-samples,
// like Figure 2 bottom of Welling's herding paper), grids of real-valued filters (Figure 2
// top), line plots (convergence curves, often on log axes) and bar charts with error bars
// (Figure 3).
//
// What it owns: turning numbers that callers hand over into pictures, and nothing else.
// It computes no statistics, averages or errors of its own; a caller that wants a mean
// with a standard error passes both. That keeps every number in a figure traceable to the
// code that computed it, not to a drawing helper.
//
// Bytes are deterministic: the same inputs give the same file, byte for byte, because PNG
// carries no timestamp here (image/png writes none, and gonum's vgimg canvas uses image/png).
// That lets tests and reviews compare figures by hash.
//
// Every file goes through internal/atomicfile, so a failed or rejected drawing leaves no
// partial file behind, and input is validated before anything is written: an invalid call
// leaves the target path untouched.
//
// What it must not touch: data sets, simulation state, command-line flags, and directories
// (callers create output directories; this package writes only the file it is given).
package pictures
