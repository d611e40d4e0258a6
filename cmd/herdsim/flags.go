package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"herdsim/dataset"
	"herdsim/herding"
)

// dataFlags choose the data set; herd, lockstep and vectors share them.
type dataFlags struct {
	data      string
	class     int
	split     int
	splitSeed uint64
	uspsDir   string
}

func (f *dataFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.data, "data", dataset.SpecDefault, `data set: "default" (built in), "usps", or a path to a text file of '0'/'1' lines`)
	fs.IntVar(&f.class, "class", 0, "usps: the digit 0..9 whose 700 training images are used")
	fs.IntVar(&f.split, "split", 0, "usps: the seeded 700/300/100 split number")
	fs.Uint64Var(&f.splitSeed, "split-seed", dataset.DefaultSeed, "usps: the seed of the splits")
	fs.StringVar(&f.uspsDir, "usps-dir", "", "usps: folder holding usps_all.mat (else $HERDSIM_USPS_DIR, else ../shared/data/usps)")
}

func (f *dataFlags) load() (*dataset.Binary, error) {
	return dataset.Load(f.data, dataset.LoadOptions{USPSDir: f.uspsDir, Digit: f.class, Split: f.split, Seed: f.splitSeed})
}

// modelFlags are the herding settings of SPEC.md.
type modelFlags struct {
	hidden int
	mode   string
	sweeps int
	seed   uint64
	grow   bool
	form   string
}

func (f *modelFlags) register(fs *pflag.FlagSet) {
	fs.IntVar(&f.hidden, "hidden", 16, "K, the number of hidden units")
	fs.StringVar(&f.mode, "mode", "SH", "H (start the search at the previous pseudo-sample) or SH (safe herding: at the lowest-energy data vector)")
	fs.IntVar(&f.sweeps, "sweeps", herding.DefaultSweeps, "S, the most coordinate-ascent sweeps per iteration")
	fs.Uint64Var(&f.seed, "seed", herding.DefaultSeed, "splitmix64 seed of the initial weights W_0")
	fs.BoolVar(&f.grow, "grow-hidden-bias", false, "update the hidden biases b too (the paper leaves them out)")
	fs.StringVar(&f.form, "form", "scaled", `"scaled" (weights x N, exact integers: the golden reference) or "unscaled" (the paper's averages, float rounding)`)
}

func (f *modelFlags) config() (herding.Config, error) {
	mode, err := herding.ParseMode(f.mode)
	if err != nil {
		return herding.Config{}, err
	}
	if f.sweeps <= 0 {
		return herding.Config{}, fmt.Errorf("--sweeps %d: must be positive", f.sweeps)
	}
	cfg := herding.Config{Hidden: f.hidden, Mode: mode, Sweeps: f.sweeps, Seed: f.seed, GrowHiddenBias: f.grow}
	switch f.form {
	case "scaled":
	case "unscaled":
		cfg.Form = herding.Unscaled
	default:
		return cfg, fmt.Errorf("--form %q: want scaled or unscaled", f.form)
	}
	return cfg, nil
}
