package dataset

import (
	"fmt"
	"os"
)

// Data set specs understood by Load besides a file path.
const (
	SpecDefault = "default"
	SpecUSPS    = "usps"
)

// LoadOptions says which USPS set Load returns for the spec "usps".
type LoadOptions struct {
	USPSDir string // --usps-dir; empty: ResolveUSPSDir's search order
	Digit   int    // 0..9
	Split   int    // split number 0, 1, 2, ...
	Seed    uint64 // split seed, used as given (0 is a valid seed); callers default it to DefaultSeed
}

// Load is the one entry the command line uses. spec is
//   - "default": the built-in set (Default);
//   - "usps": the 700 training images of opts.Digit in split opts.Split under opts.Seed,
//     binarised, from usps_all.mat in the folder ResolveUSPSDir(opts.USPSDir) finds;
//   - anything else: a path to a file in docs/spec.md's text format (write "./default" to read a
//     file that happens to be called "default").
func Load(spec string, opts LoadOptions) (*Binary, error) {
	switch spec {
	case SpecDefault:
		return Default(), nil
	case SpecUSPS:
		return loadUSPSTrain(opts)
	case "":
		return nil, fmt.Errorf("no data set given: want %q, %q or a path to a text file", SpecDefault, SpecUSPS)
	}
	if _, err := os.Stat(spec); err != nil {
		return nil, fmt.Errorf("data set %q is neither %q, %q nor a readable text file: %w", spec, SpecDefault, SpecUSPS, err)
	}
	return LoadText(spec)
}

func loadUSPSTrain(opts LoadOptions) (*Binary, error) {
	// Check the cheap arguments before inflating the file.
	if _, err := USPSSplitIndices(opts.Digit, opts.Split, opts.Seed); err != nil {
		return nil, fmt.Errorf("usps: %w", err)
	}
	dir, err := ResolveUSPSDir(opts.USPSDir)
	if err != nil {
		return nil, err
	}
	u, err := LoadUSPS(dir)
	if err != nil {
		return nil, err
	}
	train, _, _, err := u.Split(opts.Digit, opts.Split, opts.Seed)
	return train, err
}
