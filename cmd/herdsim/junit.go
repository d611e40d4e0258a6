package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"herdsim/bench"
	"herdsim/internal/junit"
	"herdsim/sim"
)

// JUnit reports of the verification commands (rtlsim, bench, verify, board run --junit):
// one test case per checked stream, in the shape Jenkins and GitLab read (internal/junit).

// streamVerdict is one file of a capture compared with the set: absent from the capture,
// matching (err nil), or its first mismatch.
type streamVerdict struct {
	name   string
	absent bool
	err    error
}

// captureReport is verify's report: a case per file of the set, skipped when the capture
// lacks it.
func captureReport(suite string, verdicts []streamVerdict) junit.Suites {
	cases := make([]junit.Case, 0, len(verdicts))
	for _, v := range verdicts {
		c := junit.Case{Classname: "herdsim.verify", Name: v.name}
		switch {
		case v.absent:
			c.Skipped = &junit.Result{Message: "not in the capture"}
		case v.err != nil:
			c.Failure = &junit.Result{Message: v.err.Error(), Type: "mismatch"}
		}
		cases = append(cases, c)
	}
	return junit.NewSuites(junit.NewSuite(suite, 0, cases...))
}

// rtlSimReport is rtlsim's report: the simulation's cases (sim.RTLResult.TestCases).
func rtlSimReport(opt sim.RTLSimOptions, res *sim.RTLResult) junit.Suites {
	took := res.Build + res.Run
	if res.Wave != nil {
		took += res.Wave.Build + res.Wave.Run
	}
	return junit.NewSuites(junit.NewSuite(rtlSimSuite(opt.Simulator, opt.Netlist), took, res.TestCases(rtlSimClass(opt.Simulator))...))
}

func rtlSimSuite(simulator string, netlist bool) string {
	if netlist {
		return "rtlsim " + simulator + " netlist"
	}
	return "rtlsim " + simulator
}

func rtlSimClass(simulator string) string { return "herdsim.rtlsim." + simulator }

// simulatorsOf are the simulators bench.Run runs for opt, in its order.
func simulatorsOf(opt bench.Options) []string {
	if len(opt.Simulators) == 0 {
		return sim.Simulators
	}
	return opt.Simulators
}

// goModelCase names what bench checks of the Go model: every iteration's x*, z* and cycle
// count together (bench.GoModel reports the first iteration that differs, not which).
const goModelCase = "x_star, z_star, cycles"

// benchReport is bench's report from its outcome: a suite for the Go model and one for
// each simulator. A run with a mismatch stops there (bench.Run): the simulator's cases
// come from its mismatch line (the first mismatch fails its stream, the streams it did
// not check to the end are skipped), and the implementations after it were not run.
func benchReport(sims []string, rep *bench.Report, err error) junit.Suites {
	failed, line := "", ""
	if err != nil { // bench.Run names the simulator and its mismatch line, or the Go model
		failed = "go-model"
		for _, s := range sims {
			if strings.Contains(err.Error(), "bench: "+s+" did not pass") {
				failed = s
			}
		}
		if i := strings.Index(err.Error(), "MISMATCH "); i >= 0 {
			line = err.Error()[i:]
		}
	}
	speed := map[string]time.Duration{}
	if rep != nil {
		for _, s := range rep.Speeds {
			speed[s.Name] = time.Duration((s.BuildSeconds + s.RunSeconds) * float64(time.Second))
		}
	}
	state := "pass" // then "failed", then "not run"
	var suites []junit.Suite
	for _, name := range append([]string{"go-model"}, sims...) {
		if name == failed {
			state = "failed"
		}
		suites = append(suites, benchSuite(name, state, err, line, failed, speed[name]))
		if state == "failed" {
			state = "not run"
		}
	}
	return junit.NewSuites(suites...)
}

// benchSuite is one implementation's suite of bench's report, in state pass, failed or
// not run.
func benchSuite(name, state string, err error, line, failed string, took time.Duration) junit.Suite {
	notRun := &junit.Result{Message: "not run: bench stopped at " + failed + "'s mismatch"}
	if name == "go-model" {
		c := junit.Case{Classname: "herdsim.bench.go-model", Name: goModelCase}
		switch state {
		case "failed":
			c.Failure = &junit.Result{Message: err.Error(), Type: "mismatch"}
		case "not run":
			c.Skipped = notRun
		}
		return junit.NewSuite("bench go-model", took, c)
	}
	res := &sim.RTLResult{Pass: state == "pass", Complete: state == "pass"}
	if m, ok := sim.ParseMismatch(line); ok && state == "failed" {
		res.Mismatches = []sim.Mismatch{m}
	}
	cases := res.TestCases("herdsim.bench." + name)
	if state == "not run" {
		for i := range cases {
			cases[i].Skipped = notRun
		}
	}
	if state == "failed" && len(res.Mismatches) == 0 { // a line that does not parse: never a pass
		cases = []junit.Case{{Classname: "herdsim.bench." + name, Name: "vector set", Failure: &junit.Result{Message: err.Error(), Type: "mismatch"}}}
	}
	return junit.NewSuite("bench "+name, took, cases...)
}

// writeErrorReport writes, when path is set, a report of one case in error: a command
// that fails before its verdict leaves a report that says so, not an earlier run's. Its
// own failure to write is reported beside err.
func writeErrorReport(path, command string, err error) error {
	if path == "" {
		return err
	}
	c := junit.Case{Classname: "herdsim." + strings.ReplaceAll(command, " ", "."), Name: command, Error: &junit.Result{Message: err.Error(), Type: "error"}}
	if werr := junit.NewSuites(junit.NewSuite(command, 0, c)).Write(path); werr != nil {
		return errors.Join(err, fmt.Errorf("--junit: %w", werr))
	}
	return err
}
