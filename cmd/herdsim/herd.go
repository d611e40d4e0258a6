package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"herdsim/herding"
	"herdsim/internal/herdrun"
)

func newHerdCommand() *cobra.Command {
	var (
		data      dataFlags
		model     modelFlags
		iters     int
		decoupled int
		out       string
		timesFrom int
	)
	cmd := &cobra.Command{
		Use:   "herd",
		Short: "Run the float64 herding reference and write its trace, weights, summary and pictures",
		Long: `herd runs herding (docs/spec.md) on a data set and writes to --out:
  trace.jsonl       one JSON object per iteration: t, phase, x and z ('1' = +1), start, sweeps, moment_error
  weights.json      W, b, c after the last iteration (scaled form: integers, N times the paper's)
  summary.json      settings and measured outcome (no timings: same command, same bytes),
                    max |W| both over the run and of the final weights
  samples.png       the last pseudo-samples, upright (Figure 2 bottom)
  rates.png         the rate filters R_T/(N T) per hidden unit (Figure 2 top)
  moment_error.png  the running moment error against t on log axes (Proposition 1)

The line it prints ends with the kernels that ran: "avx512" (a GOEXPERIMENT=simd build,
which make build makes when the Go toolchain supports it, on a CPU with AVX-512) or
"portable", and why. HERDSIM_PORTABLE=1 makes a simd build run the portable kernels; both
give the same bytes in every file.

Before allocating anything it estimates the memory the run needs (W and its copies, the
flip-driven fields, the moment-error curve and its plot) and refuses, with exit status 2,
a run that needs more than the machine has available (MemAvailable, or a cgroup limit).

--phase-times T0 times the iterations from T0 to the end and prints, on stderr after the
run, where they spent their time: each step of the iteration (positive phase, search
start, search, update, exactness check) in milliseconds an iteration and its share, and in
the flip-driven form the positive phase's two kernels in CPU milliseconds an iteration
summed over the workers (the sign pass; the flips, with the flips an iteration). A profile
for docs/speed.md: nothing written to --out depends on it.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := model.config()
			if err != nil {
				return err
			}
			if out == "" {
				return fmt.Errorf("--out: an output folder is required")
			}
			set, err := data.load()
			if err != nil {
				return err
			}
			if timesFrom < 0 || timesFrom > iters+decoupled {
				return fmt.Errorf("--phase-times %d: want an iteration from 1 to %d (0: none)", timesFrom, iters+decoupled)
			}
			res, err := herdrun.Run(set, herdrun.Options{Config: cfg, Iterations: iters, Decoupled: decoupled, OutDir: out, PhaseTimesFrom: timesFrom})
			var tooBig *herdrun.MemoryError
			if errors.As(err, &tooBig) {
				return &exitError{code: 2, err: fmt.Errorf("%w: use fewer --hidden units or --iters", err)}
			}
			if err != nil {
				return err
			}
			s := res.Summary
			fmt.Fprintf(cmd.OutOrStdout(), "%s: N=%d D=%d K=%d mode=%s T=%d: moment error %.3g, max T x error %.3g, max |W| over the run %g, final %g (x%g); kernels %s -> %s\n",
				s.Data, s.N, s.D, s.K, s.Mode, s.Iterations+s.Decoupled, s.MomentError, s.MaxTMomentError, s.MaxAbsWOverRun, s.MaxAbsWFinal, s.WeightScale, herding.Kernels(), out)
			if timesFrom > 0 {
				writePhaseTimes(cmd.ErrOrStderr(), res.PhaseTimes, timesFrom)
			}
			return nil
		},
	}
	data.register(cmd.Flags())
	model.register(cmd.Flags())
	cmd.Flags().IntVar(&iters, "iters", 1000, "T, the learning iterations")
	cmd.Flags().IntVar(&decoupled, "decoupled", 0, "further iterations of decoupled herding (equation 22) after the T")
	cmd.Flags().StringVar(&out, "out", "", "output folder (created if missing)")
	cmd.Flags().IntVar(&timesFrom, "phase-times", 0, "time the phases of the iterations from this one on and print them on stderr (0: none)")
	return cmd
}

// writePhaseTimes prints pt as a table: milliseconds an iteration and the share of the
// iteration's wall time per step, then the flip-driven kernels' CPU time.
func writePhaseTimes(w io.Writer, pt herding.PhaseTimes, from int) {
	if pt.Iterations == 0 {
		return
	}
	per := func(d time.Duration) float64 { return d.Seconds() * 1e3 / float64(pt.Iterations) }
	total := pt.Positive + pt.Start + pt.Search + pt.Update + pt.Check
	fmt.Fprintf(w, "phase times, iterations %d-%d (%d; GOMAXPROCS %d), wall ms an iteration:\n", from, from+pt.Iterations-1, pt.Iterations, runtime.GOMAXPROCS(0))
	for _, p := range []struct {
		name string
		d    time.Duration
	}{{"positive", pt.Positive}, {"start", pt.Start}, {"search", pt.Search}, {"update", pt.Update}, {"check", pt.Check}, {"total", total}} {
		fmt.Fprintf(w, "  %-8s %9.3f  %5.1f%%\n", p.name, per(p.d), 100*p.d.Seconds()/total.Seconds())
	}
	if pt.Direct < pt.Iterations {
		fmt.Fprintf(w, "flip-driven positive phase (%d iterations), CPU ms an iteration over its workers: sign pass %.3f, flips %.3f (%.0f flips an iteration)\n",
			pt.Iterations-pt.Direct, per(pt.SignPassCPU), per(pt.FlipsCPU), float64(pt.Flips)/float64(pt.Iterations))
	}
	if pt.Direct > 0 {
		fmt.Fprintf(w, "direct form: %d of the iterations\n", pt.Direct)
	}
}
