package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"herdsim/datapath"
	"herdsim/internal/progress"
	"herdsim/sim"
)

// lockstepOutput is the JSON lockstep prints: the sim.Report plus the Arch it ran.
type lockstepOutput struct {
	*sim.Report
	MeanCycles   float64           `json:"cycles_per_iteration"` // the mean over the iterations compared (it depends on the sweeps each ran)
	CycleFormula string            `json:"cycle_formula"`
	Arch         map[string]string `json:"arch"`
}

func newLockstepCommand() *cobra.Command {
	var (
		data  dataFlags
		model modelFlags
		arch  archFlags
		iters int
	)
	cmd := &cobra.Command{
		Use:   "lockstep",
		Short: "Run the reference and the cycle-level datapath side by side and name the first divergence",
		Long: `lockstep runs the float64 reference and the fixed-point datapath model from the same
initial weights and compares, after every iteration, everything the hardware exposes: x*, z*,
the data vector the search started from ("start"; -1 for the previous pseudo-sample), the
sweeps it ran, the iteration's cycles (against the cycle formula at the reference's sweeps,
what a lossless run takes), then every z_n, W, b and c. bit_exact is true only when all of
them agree at every iteration. It prints one JSON object: bit_exact, iterations,
first_divergence (iteration, signal, index, both values, the overflow events before it) or
null, cycles_per_iteration (the mean; "cycles" lists every iteration's, which depends on the
sweeps it ran), overflow counts and the range of every register. It exits 0 whenever it ran,
whatever the verdict.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := model.config()
			if err != nil {
				return err
			}
			if cfg.Form != 0 {
				return fmt.Errorf("--form: the datapath runs the scaled form only")
			}
			if iters <= 0 {
				return fmt.Errorf("--iters %d: must be positive", iters)
			}
			set, err := data.load()
			if err != nil {
				return err
			}
			arch.log = cmd.ErrOrStderr()
			a, err := arch.arch(cfg, set.D, set.N(), iters)
			if err != nil {
				return err
			}
			if a, err = arch.forData(a, set); err != nil {
				return err
			}
			bar := progress.New(iters, "lockstep")
			rep, err := sim.Lockstep(set, a, cfg.Seed, iters, func() { bar.Add(1) })
			bar.Finish()
			if err != nil {
				return err
			}
			enc := json.NewEncoder(cmd.OutOrStdout())
			enc.SetIndent("", "  ")
			return enc.Encode(lockstepOutput{Report: rep, MeanCycles: mean(rep.Cycles), CycleFormula: a.Formula(), Arch: describeArch(a)})
		},
	}
	data.register(cmd.Flags())
	model.register(cmd.Flags())
	arch.register(cmd.Flags())
	cmd.Flags().IntVar(&iters, "iters", 200, "iterations to compare")
	return cmd
}

func mean(s []uint64) float64 {
	if len(s) == 0 {
		return 0
	}
	t := 0.0
	for _, v := range s {
		t += float64(v)
	}
	return t / float64(len(s))
}

// describeArch lists the Arch as flat strings for reports.
func describeArch(a datapath.Arch) map[string]string {
	out := map[string]string{
		"K": fmt.Sprint(a.K), "D": fmt.Sprint(a.D), "N": fmt.Sprint(a.N), "tile": fmt.Sprint(a.Tile), "w_lanes": fmt.Sprint(a.Lanes()),
		"sweeps": fmt.Sprint(a.Sweeps), "mode": a.Mode.String(), "grow_hidden_bias": fmt.Sprint(a.GrowHiddenBias),
	}
	for _, r := range datapath.Regs() {
		s := a.Spec(r)
		out[r.String()] = fmt.Sprintf("%v %v", s.Format, s.Overflow)
	}
	return out
}
