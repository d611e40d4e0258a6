// Package testvectors owns the golden vector-set format: how a run's data, initial and
// final weights, pseudo-samples, cycle counts and overflow flags are laid out on disk as
// $readmemh files with a manifest, and reading and writing such sets with every check
// the format promises. FORMAT.md beside this file is the versioned contract (format
// version 2); this comment summarises it.
//
// # A vector set
//
// A directory holding manifest.json and one $readmemh file per logical name:
//
//	x        N words of D bits       the data; bit j set when x_j = +1 (bit 0 = j 0)
//	w0       K*D words, W width      initial W, row-major (i outer, j inner)
//	b0, c0   K / D words, b / c width initial biases (zero, docs/spec.md)
//	x_star   T words of D bits       x*_t of iteration t = 1..T
//	z_star   T words of K bits       z*_t; bit i set when z_i = +1
//	w_final, b_final, c_final        W, b, c after iteration T, like w0, b0, c0
//	cycles   T words of 32 bits      clock cycles of each iteration
//	overflow T words of 1 bit        the sticky overflow flag at the end of each iteration
//
// The widths of W, b and c are those of the Arch's registers; integers are two's
// complement masked to the width. Every line is one word: exactly ceil(width/4)
// lower-case hex digits, zero-padded, no bit set above the width; a file has exactly its
// count of lines, each ending in a newline. manifest.json holds format_version (2), the
// Arch (datapath's JSON form), mode, seed, iterations, source (the expected values come
// from the float64 reference or from the cycle-level datapath model) and, per logical
// name, path, width, count and the sha256 of the file's bytes.
//
// # API
//
// Set is a set's content as Go values (+-1 vectors as []int8, weights as int64, cycles
// as uint64). Write validates a Set and writes it atomically: into a temporary directory
// beside the target, renamed into place, so no partial set is ever visible; an existing
// target is replaced only with WriteOptions.Force, and only when it is a vector set or
// empty. Read checks the manifest and every file (existence, counts, digits, widths,
// hashes) and returns the Set; every error names the file, its logical name and, for a
// bad line, the line number (a *FileError for data files).
//
// At the word level, Word is one word of any width as little-endian 64-bit limbs (limb 0
// holds bits 0..63), because x and x* are D bits wide and D = 256 for USPS. ParseHex,
// Word.Hex, SignsWord, Word.Signs, IntWord and Word.Int convert; Layout gives every file's
// width and count for an Arch; testbench generators and capture checkers use these.
//
// # Boundaries
//
// It must not touch how vectors are produced (the reference run, package herding, and
// the command that drives it) or how they are consumed (Verilog testbenches in rtlgen,
// comparisons in sim and the verify command): it only encodes, decodes and checks.
package testvectors
