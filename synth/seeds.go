package synth

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// SeedRun is one nextpnr placement seed's routed result, when several seeds ran.
type SeedRun struct {
	Seed         int      `json:"seed"`
	FmaxMHz      *float64 `json:"fmax_mhz"`                // null if nextpnr reported none
	CriticalPath *Path    `json:"critical_path,omitempty"` // the path that sets this seed's Fmax
	Error        string   `json:"error,omitempty"`         // why this seed's place and route failed, when it did
}

// MaxSeeds bounds --seeds: each seed is a full place and route (minutes for a full UP5K).
const MaxSeeds = 64

// ParseSeeds reads a seed list: "A-B" (a range), "A,B,C", or a mix ("1-4,9"). Seeds are
// positive, distinct and at most MaxSeeds of them; the result is sorted.
func ParseSeeds(s string) ([]int, error) {
	seen := map[int]bool{}
	var out []int
	for _, part := range strings.Split(s, ",") {
		lo, hi, err := seedRange(strings.TrimSpace(part))
		if err != nil {
			return nil, fmt.Errorf("--seeds %q: %w", s, err)
		}
		for v := lo; v <= hi; v++ {
			if seen[v] {
				return nil, fmt.Errorf("--seeds %q: seed %d twice", s, v)
			}
			if len(out) == MaxSeeds {
				return nil, fmt.Errorf("--seeds %q: more than %d seeds", s, MaxSeeds)
			}
			seen[v] = true
			out = append(out, v)
		}
	}
	sort.Ints(out)
	return out, nil
}

// seedRange reads "A" or "A-B" with 1 <= A <= B.
func seedRange(part string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(part, "-")
	if lo, err = strconv.Atoi(a); err != nil || lo < 1 {
		return 0, 0, fmt.Errorf("%q: want a positive seed or a range A-B", part)
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(b); err != nil || hi < lo {
			return 0, 0, fmt.Errorf("%q: want a range A-B with 1 <= A <= B", part)
		}
		if hi-lo >= MaxSeeds {
			return 0, 0, fmt.Errorf("%q: more than %d seeds", part, MaxSeeds)
		}
	}
	return lo, hi, nil
}

// pnrRun is one seed's place and route in the work folder.
type pnrRun struct {
	seed int
	rep  *NextpnrReport
	err  error // nextpnr's exit (the report may still say why)
}

// placeAndRouteSeeds runs nextpnr once per seed (opt.Seeds, else opt.Seed), as many at a
// time as there are CPUs, and keeps the run with the highest routed Fmax (the lowest seed
// among equals, so the choice is reproducible): its .asc and log become herd.asc and
// nextpnr.log, the others stay as herd-s<seed>.asc and nextpnr-s<seed>.log. It fills
// res.Seed, res.SeedRuns and res.Seconds["nextpnr"] (the wall time of all runs). A nil
// report is an error before any report (nextpnr wrote no log).
func placeAndRouteSeeds(work string, tg Target, opt Options, constraints string, res *Result) (*NextpnrReport, error) {
	seeds := opt.Seeds
	if len(seeds) == 0 {
		seeds = []int{opt.Seed}
	}
	runs := make([]pnrRun, len(seeds))
	t0 := time.Now()
	var wg sync.WaitGroup
	slots := make(chan struct{}, runtime.NumCPU())
	for i, seed := range seeds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			runs[i] = placeAndRoute(work, tg, opt, constraints, seed)
		}()
	}
	wg.Wait()
	res.Seconds["nextpnr"] = time.Since(t0).Seconds()

	best, fail := bestSeed(runs)
	if fail != nil {
		return fail.rep, fail.err
	}
	if len(opt.Seeds) > 0 {
		res.SeedRuns = seedRuns(runs)
	}
	res.Seed = runs[best].seed
	for _, name := range [][2]string{{"herd-s%d" + tg.Router.ext(), "herd" + tg.Router.ext()}, {"nextpnr-s%d.log", "nextpnr.log"}} {
		if err := os.Rename(filepath.Join(work, fmt.Sprintf(name[0], res.Seed)), filepath.Join(work, name[1])); err != nil {
			return nil, err
		}
	}
	return runs[best].rep, nil
}

// bestSeed picks the run with the highest routed Fmax (the first among equals). A seed
// whose placement or routing failed is passed over: at 98 % of the cells nextpnr may find
// no legal placement from one seed and route from the next. When no run can be kept it
// returns the run to report instead: one with a tool error (no log) or one whose design
// does not fit (packing is not seeded: every seed says so), else the first seed's failure.
func bestSeed(runs []pnrRun) (best int, fail *pnrRun) {
	best = -1
	for i := range runs {
		r := &runs[i]
		switch {
		case r.rep == nil, r.err != nil && r.rep.DoesNotFit():
			return -1, r
		case r.err != nil:
			continue
		case best < 0 || r.rep.FmaxMHz > runs[best].rep.FmaxMHz:
			best = i
		}
	}
	if best < 0 {
		return -1, &runs[0]
	}
	return best, nil
}

// seedRuns is every run's Fmax, or its failure, for the report.
func seedRuns(runs []pnrRun) []SeedRun {
	out := make([]SeedRun, 0, len(runs))
	for _, r := range runs {
		sr := SeedRun{Seed: r.seed}
		if r.err != nil {
			sr.Error = strings.Join(r.rep.Errors, "; ")
			if sr.Error == "" {
				sr.Error = r.err.Error()
			}
		} else if r.rep.FmaxMHz > 0 {
			f := r.rep.FmaxMHz
			sr.FmaxMHz = &f
			sr.CriticalPath = r.rep.LimitingPath()
		}
		out = append(out, sr)
	}
	return out
}

// placeAndRoute is the target's router with one seed and the constraint file ("" none),
// writing its output (herd-s<seed>.asc on the iCE40, .config on the ECP5) and
// nextpnr-s<seed>.log in work.
func placeAndRoute(work string, tg Target, opt Options, constraints string, seed int) pnrRun {
	r := tg.Router
	logName := fmt.Sprintf("nextpnr-s%d.log", seed)
	// --timing-allow-fail: a design that misses the target is still routed and reported
	// (Fmax, critical paths); the caller decides what a miss means.
	args := append(append([]string(nil), r.Device...), "--json", "herd.json", r.Output, fmt.Sprintf("herd-s%d%s", seed, r.ext()),
		"--freq", fmt.Sprint(opt.FreqMHz), "--seed", fmt.Sprint(seed), "--log", logName, "--timing-allow-fail")
	if constraints != "" {
		if flag, ok := strings.CutSuffix(r.ConstraintsFlag, "="); ok { // "--vopt cst=": one argument after the flag
			f := strings.Fields(flag)
			args = append(args, f[0], f[1]+"="+constraints)
		} else {
			args = append(args, r.ConstraintsFlag, constraints)
		}
	}
	bin, err := toolPath(r.Binary)
	if err != nil {
		return pnrRun{seed: seed, err: &ToolError{r.Binary, r.Package}}
	}
	fmt.Fprintf(opt.Log, "synth: %s %s\n", r.Binary, strings.Join(args, " "))
	inputs := []string{"herd.json"}
	if constraints != "" {
		inputs = append(inputs, constraints)
	}
	step := toolStep(work, bin, inputs, logName, fmt.Sprintf("herd-s%d%s", seed, r.ext()))
	err = runStep(opt.Log, step, fmt.Sprintf("nextpnr-s%d", seed), args...)
	run := pnrRun{seed: seed, err: err}
	plog, rerr := os.ReadFile(filepath.Join(work, logName))
	if rerr != nil {
		run.err = fmt.Errorf("synth: %s wrote no log (%v)%s", r.Binary, err, logTail(work, fmt.Sprintf("nextpnr-s%d.out", seed)))
		return run
	}
	rep := ParseNextpnr(string(plog))
	run.rep = &rep
	return run
}
