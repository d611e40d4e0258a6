// Package testvectors will read and write golden vector sets: a directory with
// manifest.json and $readmemh files whose counts, widths and sha256 hashes are checked.
//
// Status: not implemented yet (issue 5).
//
// It must not touch: how the vectors are produced (herding) or consumed (rtlgen, sim).
package testvectors
