package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/internal/progress"
	"herdsim/sim"
	"herdsim/testvectors"
)

func newVectorsCommand() *cobra.Command {
	var (
		data  dataFlags
		model modelFlags
		arch  archFlags
		iters int
		out   string
		force bool
		from  string
	)
	cmd := &cobra.Command{
		Use:   "vectors",
		Short: "Write a golden vector set ($readmemh files and manifest) from a reference run",
		Long: `vectors runs the float64 reference for --iters iterations and writes to --out a golden
vector set (testvectors/FORMAT.md, format version 1): the data x, the initial weights w0, b0,
c0, the pseudo-samples x_star and z_star of every iteration, the final weights w_final,
b_final, c_final and the cycles of every iteration, each at the width the Arch declares.

With --from reference (the default) it first runs the cycle-level datapath in lockstep with
the reference and refuses to write anything unless the Arch reproduces the reference bit for
bit: hardware built from it could not match the vectors otherwise. With --from model the
expected values are what the cycle-level datapath model produces for the Arch, whatever its
widths: narrow registers that wrap or saturate included, which is how the Verilog's overflow
semantics are checked. Every set also holds the hardware's sticky overflow flag after each
iteration. The set appears atomically; an existing one is replaced only with --force.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			arch.log = cmd.ErrOrStderr()
			job, err := newVectorsJob(&data, &model, &arch, iters, out, force, from)
			if err != nil {
				return err
			}
			m, err := job.run()
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), job.summary(m))
			return nil
		},
	}
	data.register(cmd.Flags())
	model.register(cmd.Flags())
	arch.register(cmd.Flags())
	cmd.Flags().IntVar(&iters, "iters", 100, "T, the iterations the vectors cover")
	cmd.Flags().StringVar(&out, "out", "", "directory of the vector set (created; see --force)")
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing vector set at --out")
	cmd.Flags().StringVar(&from, "from", testvectors.SourceReference, `the expected values: "reference" (the float64 reference; the Arch must be bit-exact to it) or "model" (the cycle-level datapath model, any widths)`)
	return cmd
}

// vectorsJob is one validated vectors request.
type vectorsJob struct {
	data  *dataset.Binary
	cfg   herding.Config
	arch  datapath.Arch
	iters int
	out   string
	force bool
	from  string

	cycles uint64 // total over the run, once the set was made
}

func newVectorsJob(data *dataFlags, model *modelFlags, arch *archFlags, iters int, out string, force bool, from string) (*vectorsJob, error) {
	if from != testvectors.SourceReference && from != testvectors.SourceModel {
		return nil, fmt.Errorf("--from %q: want reference or model", from)
	}
	cfg, err := model.config()
	if err != nil {
		return nil, err
	}
	if cfg.Form != herding.Scaled {
		return nil, fmt.Errorf("--form: golden vectors come from the scaled form only")
	}
	if iters <= 0 {
		return nil, fmt.Errorf("--iters %d: must be positive", iters)
	}
	if err := checkOut(out, force); err != nil {
		return nil, err
	}
	set, err := data.load()
	if err != nil {
		return nil, err
	}
	a, err := arch.arch(cfg, set.D, set.N(), iters)
	if err != nil {
		return nil, err
	}
	if a, err = arch.forData(a, set); err != nil {
		return nil, err
	}
	return &vectorsJob{data: set, cfg: cfg, arch: a, iters: iters, out: out, force: force, from: from}, nil
}

// checkOut fails early (before the long runs) on a missing --out or an existing one
// without --force; testvectors.Write checks again when it writes.
func checkOut(out string, force bool) error {
	if out == "" {
		return fmt.Errorf("--out: a directory for the vector set is required")
	}
	_, err := os.Stat(out)
	if err == nil && !force {
		return fmt.Errorf("--out %s already exists (use --force to replace it)", out)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("--out: %w", err)
	}
	return nil
}

// run checks the Arch in lockstep, runs the reference and writes the set.
func (j *vectorsJob) run() (*testvectors.Manifest, error) {
	if j.from == testvectors.SourceModel {
		bar := progress.New(j.iters, "vectors")
		s, err := sim.ModelVectors(j.data, j.arch, j.cfg.Seed, j.iters, func() { bar.Add(1) })
		bar.Finish()
		if err != nil {
			return nil, err
		}
		for _, c := range s.Cycles {
			j.cycles += c
		}
		return testvectors.Write(j.out, s, testvectors.WriteOptions{Force: j.force})
	}
	bar := progress.New(2*j.iters, "vectors")
	defer bar.Finish()
	tick := func() { bar.Add(1) }
	rep, err := sim.Lockstep(j.data, j.arch, j.cfg.Seed, j.iters, tick)
	if err != nil {
		return nil, err
	}
	if !rep.BitExact {
		// Exit status 1: the Arch does not reproduce the reference (a mismatch, not a usage error).
		return nil, &exitError{code: 1, err: notBitExact(rep)}
	}
	s, err := j.referenceSet(tick)
	if err != nil {
		return nil, err
	}
	s.Overflow = rep.Overflowed
	return testvectors.Write(j.out, s, testvectors.WriteOptions{Force: j.force})
}

// referenceSet runs the float64 reference and collects the golden values.
func (j *vectorsJob) referenceSet(tick func()) (*testvectors.Set, error) {
	eng, err := herding.New(j.data, j.cfg)
	if err != nil {
		return nil, err
	}
	k, d, n := j.arch.K, j.arch.D, j.arch.N
	p0 := herding.InitialWeights(k, d, n, j.cfg.Seed)
	s := &testvectors.Set{Arch: j.arch, Seed: j.cfg.Seed, Iterations: j.iters, X: j.data.Rows, Source: testvectors.SourceReference}
	s.W0, s.B0, s.C0 = p0.Ints()
	for t := 1; t <= j.iters; t++ {
		it, err := eng.Step()
		if err != nil {
			return nil, err
		}
		s.XStar = append(s.XStar, it.X)
		s.ZStar = append(s.ZStar, it.Z)
		s.Cycles = append(s.Cycles, j.arch.IterationCycles(t, it.Sweeps))
		j.cycles += s.Cycles[t-1]
		tick()
	}
	p := eng.Params()
	s.WFinal, s.BFinal, s.CFinal = p.Ints()
	return s, nil
}

// notBitExact explains a lockstep divergence and which register to widen.
func notBitExact(rep *sim.Report) error {
	d := rep.FirstDivergence
	msg := "the Arch is not bit-exact for this run, so hardware built from it could not reproduce the vectors: first divergence at " + divergenceText(d)
	reg := culprit(d)
	if reg == "" {
		return fmt.Errorf("%s; no register overflowed before it (please report this)", msg)
	}
	if len(d.OverflowsBefore) > 0 {
		o := d.OverflowsBefore[0]
		msg += fmt.Sprintf("; register %s overflowed first (iteration %d, value %d stored as %d)", reg, o.Iteration, o.Value, o.Stored)
	}
	need := ""
	if log, ok := rep.Ranges[reg]; ok {
		need = fmt.Sprintf(" to at least %d bits (the values it saw so far)", log.Bits())
	}
	return fmt.Errorf("%s; widen %s%s with %s, or leave its width unset for the lossless default; nothing was written", msg, reg, need, widenFlags(reg))
}

// divergenceText names a divergence: "iteration 3, W[1][2]: reference 5, datapath -3", or
// for the search's start, sweeps and cycles what they are.
func divergenceText(d *sim.Divergence) string {
	where := fmt.Sprintf("iteration %d, ", d.Iteration)
	switch d.Signal {
	case "start":
		return where + fmt.Sprintf("the search's start: reference %s, datapath %s", startText(d.Reference), startText(d.Datapath))
	case "sweeps":
		return where + fmt.Sprintf("the sweeps the search ran: reference %d, datapath %d", d.Reference, d.Datapath)
	case "cycles":
		return where + fmt.Sprintf("the iteration's cycles: %d by the cycle formula at the reference's sweeps, datapath %d", d.Reference, d.Datapath)
	}
	return where + fmt.Sprintf("%s%s: reference %d, datapath %d", d.Signal, indexText(d.Index), d.Reference, d.Datapath)
}

// startText names where a search started: a data vector, or (-1) the previous pseudo-sample.
func startText(n int64) string {
	if n < 0 {
		return "the previous pseudo-sample"
	}
	return fmt.Sprintf("data vector %d", n)
}

// indexText writes [i][j].
func indexText(idx []int) string {
	var b strings.Builder
	for _, i := range idx {
		fmt.Fprintf(&b, "[%d]", i)
	}
	return b.String()
}

// culprit is the register to widen: the first to overflow, else the diverging one.
func culprit(d *sim.Divergence) string {
	if len(d.OverflowsBefore) > 0 {
		return d.OverflowsBefore[0].Register
	}
	if _, err := datapath.ParseReg(d.Signal); err == nil {
		return d.Signal
	}
	return ""
}

// widenFlags names the flags that set register reg's width.
func widenFlags(reg string) string {
	for _, w := range widthFlags {
		for _, r := range w.regs {
			if r.String() == reg {
				return fmt.Sprintf("--%s or --reg %s=BITS", w.flag, reg)
			}
		}
	}
	return fmt.Sprintf("--reg %s=BITS", reg)
}

func (j *vectorsJob) summary(m *testvectors.Manifest) string {
	a := j.arch
	how := "bit-exact on the datapath"
	if j.from == testvectors.SourceModel {
		how = "from the datapath model"
	}
	return fmt.Sprintf("%s: N=%d D=%d K=%d %s mode=%s iterations=%d seed=%d: %d files, W %v b %v c %v, %d cycles, "+how+" -> %s",
		j.data.Name, a.N, a.D, a.K, a.SizeText(), a.Mode, j.iters, j.cfg.Seed, len(m.Files),
		a.Spec(datapath.RegW).Format, a.Spec(datapath.RegB).Format, a.Spec(datapath.RegC).Format, j.cycles, j.out)
}
