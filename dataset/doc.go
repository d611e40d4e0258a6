// Package dataset owns every way data enter herdsim: the file formats, their checks, the
// binarisations to {-1,+1}, the seeded USPS splits and the built-in default set. Whatever
// the source, the result is a *Binary (binary.go): N vectors of D values, each +1 or -1,
// with an optional picture Shape. Load is the single entry the command line uses.
//
// It must not touch the herding dynamics (package herding), fixed-point arithmetic or the
// hardware (datapath, rtlgen, sim): it only produces data and knows nothing of models.
//
// # Formats
//
//   - The text format of docs/spec.md (text.go): one vector per line of '0' (-1) and '1'
//     (+1), all lines the same length; empty lines and lines starting with '#' are
//     ignored; a Windows line end's '\r' or a line of spaces is an error, as docs/spec.md
//     says (its message says how to convert the file). Errors name file, line and column:
//     "data.txt:7:13: unexpected character 'x' (want '0' or '1')". WriteText writes the
//     same format atomically, after a '#' comment line naming the set.
//   - MATLAB MAT-file level 5 (mat.go): a small pure-Go reader for usps_all.mat. It reads
//     both byte orders, miCOMPRESSED (zlib) elements, small data elements and padding,
//     and arrays of class mxUINT8 stored as miUINT8; any other class or storage type is
//     an error that names it.
//   - ESL zip-code text (esl.go): zip.train.gz and zip.test.gz, a label and 256 grey
//     values in [-1,1] per line, row-major 16x16.
//
// # USPS (paper section 10)
//
// LoadUSPS reads usps_all.mat (256 x 1100 x 10 uint8) from the folder ResolveUSPSDir
// finds: --usps-dir, then $HERDSIM_USPS_DIR, then ../shared/data/usps relative to the
// working directory, then relative to the repository root (the directory holding go.mod).
// Images are addressed by digit 0..9; the file's class slots (slot 9 holds digit 0) stay
// inside USPSSlot. Pixels keep the file's column-major order and the sets carry
// Shape{16, 16, ColumnMajor: true}, so pictures are drawn upright.
//
// Binarisation is the paper's x = +1 if X/256 - 0.2 > 0, computed exactly in integers
// as 5X > 256 (X >= 52). ESL grey values g correspond to X/256 = (g+1)/2, so the same ink
// level gives x = +1 if g > -0.6.
//
// Each digit's 1100 images are split into 700 train, 300 validation and 100 test images
// by shuffling 0..1099 with splitmix64 seeded with
//
//	mix(mix(mix(seed) + split) + digit),   mix(v) = splitmix.New(v).Next()
//
// (USPSSplitSeed; additions wrap modulo 2^64), taking the first 700 / next 300 / last 100
// positions and sorting each part. Every (seed, split, digit) thus has its own generator,
// and each class's split is independent of the others and the same on every machine.
// Sets are named like "usps digit 3 split 0 train".
//
// # The default data set
//
// Default() is small, deterministic and image-shaped, for tests and demos: N = 128
// vectors of D = 64, 8x8 pictures stored row-major. Vector n is a noisy copy of prototype
// n mod 4 (so the prototypes interleave: 0 1 2 3 0 1 2 3 ...), 32 copies of each. The
// noise comes from one splitmix64 generator seeded with DefaultNoiseSeed = 2009, drawn in
// order n = 0..127 then pixel j = 0..63: the pixel flips when Below(10) == 0, that is with
// probability 1/10 (814 of the 8192 pixels flip; at most 16 in one vector). The
// prototypes ('#' is +1, '.' is -1):
//
//	0 horizontal bars   1 vertical bars   2 frame      3 diagonal cross
//	########            ##..##..          ########     #......#
//	########            ##..##..          #......#     .#....#.
//	........            ##..##..          #......#     ..#..#..
//	........            ##..##..          #......#     ...##...
//	########            ##..##..          #......#     ...##...
//	########            ##..##..          #......#     ..#..#..
//	........            ##..##..          #......#     .#....#.
//	........            ##..##..          ########     #......#
//
// Any two prototypes differ in at least 32 of the 64 pixels.
package dataset
