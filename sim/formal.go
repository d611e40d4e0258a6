package sim

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"herdsim/internal/interrupt"
	"herdsim/rtlgen"
)

// The handshake proof: the tiled core's formal properties (herd_core.v's FORMAL block,
// rtlgen's tiledFormal: an output beat offered and not taken stays, unchanged, on
// m_axis_sample and m_axis_read; the record buffer never commits a record without a slot
// nor releases one it does not hold; and the invariants that make these inductive) proven
// with Yosys and yosys-smtbmc for every reset and input sequence.
//
// The model is made small, soundly:
//   - every memory's read data is free (cutpoint on the memory cells: each read port's
//     data becomes an $anyseq input, the memories go). The read data is held or not by
//     the same registers and enables as before, only its value is arbitrary, so the
//     model can do everything the core can and more: properties that hold for
//     arbitrary read data hold for the real data.
//   - only the logic the assertions and assumptions read is kept (the output ports lose
//     their port flag, opt_clean removes what no assertion sees: the datapath's
//     arithmetic); removing logic nothing reads changes nothing that is read.
//
// The proof is k-induction of depth k: a BMC of k steps from reset (every assertion holds
// in the first k cycles after the initial reset) and the induction step (any k consecutive
// cycles where every assertion holds are followed by one where they hold). Both pass: the
// assertions hold in every reachable state.
//
// yosys-smtbmc runs with --unroll: z3 4.8 takes minutes on Yosys's SMT-LIB2 definitions
// (a define-fun per net, the transition relation referring to them all) before its
// first check, where the unrolled terms take a second.

// DefaultProofDepth is the k of ProveHandshake's k-induction (and the BMC's depth): with
// the invariants of herd_core's FORMAL block the properties are 3-inductive (every Arch
// of the tests), and one more cycle costs a tenth of a second.
const DefaultProofDepth = 4

// ProofSolver is the SMT solver yosys-smtbmc runs (Debian package z3). Debian's boolector
// (1.5) does not take yosys-smtbmc's SMT-LIB2 options.
const ProofSolver = "z3"

// ProofOptions choose a handshake proof.
type ProofOptions struct {
	Depth  int       // k (0: DefaultProofDepth)
	Output io.Writer // Yosys's and yosys-smtbmc's output is streamed here (nil: discarded)
	VCD    string    // if set, a failing step writes its trace there (yosys-smtbmc --dump-vcd)
}

// ProofResult is a passed proof and how long its parts took.
type ProofResult struct {
	Depth     int
	Model     time.Duration // Yosys: read, elaborate, cut, write_smt2
	BMC       time.Duration // the base case: Depth steps from reset
	Induction time.Duration // the induction step
}

// ProofFailure is a verdict: an assertion fails in the BMC from reset (a reachable
// failure: a real bug) or in the induction step (a bug, or an invariant the proof misses:
// the trace starts in a state the assertions allow, not from reset).
type ProofFailure struct {
	Proof    string // which proof: "handshake", "link", "link's CRC", "link's UART"
	Step     string // "BMC from reset" or "induction"
	Depth    int
	Location string // file:line of the assertion
	Source   string // the assertion's source line
}

func (f *ProofFailure) Error() string {
	s := fmt.Sprintf("%s proof failed (%s, depth %d): assertion %s", f.Proof, f.Step, f.Depth, f.Location)
	if f.Source != "" {
		s += ": " + f.Source
	}
	if f.Step == "induction" {
		s += " (fails after " + strconv.Itoa(f.Depth) + " cycles where every assertion held, from a state not necessarily reachable: a bug, or an invariant missing)"
	}
	return s
}

// proofTools are the binaries of the proof and the Debian package of each.
var proofTools = []struct{ bin, pkg string }{
	{"yosys", "yosys"},
	{"yosys-smtbmc", "yosys"},
	{ProofSolver, ProofSolver},
}

// CheckProofTools reports (as an RTLError) a tool of the proof that is not on PATH,
// naming its Debian package.
func CheckProofTools() error {
	for _, t := range proofTools {
		if _, err := exec.LookPath(t.bin); err != nil {
			return rtlErr("handshake proof: %s not found on PATH (apt-get install %s installs it)", t.bin, t.pkg)
		}
	}
	return nil
}

// A proof target: the sources it reads from a folder, the Yosys script that writes its
// model (%s: the sources; it writes model.smt2), what is proven.
type proofTarget struct {
	name   string
	files  []string
	script string
	hint   string // what the folder should be, for an error naming a missing file
}

// The handshake proof's model (see the top of this file). The cuts come before any
// optimisation (hierarchy and proc, not prep), which then runs on the control logic alone:
// a second, where prep's passes over the whole datapath take two.
var handshakeProof = proofTarget{
	name:  "handshake",
	files: rtlgen.TiledSourceFiles,
	script: "read_verilog -formal -DFORMAL %s; hierarchy -check -top herd_core; proc; flatten; " +
		"select -assert-min 1 t:$assert; " + // no FORMAL block: nothing to prove
		"cutpoint t:$mem*; select -assert-none t:$mem*; " + // every memory's read data free
		"delete -output herd_core/o:*; opt_clean; " + // only what the assertions read
		"opt -keepdc; async2sync; dffunmap; write_smt2 model.smt2",
	hint: "the proof is of the tiled core: herdsim rtl with a tiled Arch",
}

// ProveHandshake proves the handshake properties of the tiled core in an RTL folder
// (herdsim rtl for a tiled Arch: herd_spram.v, herd_acc_array.v, herd_core.v) by
// k-induction (see the top of this file). A failed assertion is a *ProofFailure naming
// it; a missing tool, a folder without the core or its FORMAL block, or a tool that fails
// is an *RTLError.
func ProveHandshake(dir string, opt ProofOptions) (*ProofResult, error) {
	return prove(dir, handshakeProof, opt)
}

// prove runs one proof target on the sources in dir: its model, then the BMC from reset
// and the induction step, each of depth opt.Depth.
func prove(dir string, target proofTarget, opt ProofOptions) (*ProofResult, error) {
	if err := CheckProofTools(); err != nil {
		return nil, err
	}
	depth := opt.Depth
	if depth == 0 {
		depth = DefaultProofDepth
	}
	if depth < 1 {
		return nil, rtlErr("%s proof: depth %d, must be at least 1", target.name, depth)
	}
	out := opt.Output
	if out == nil {
		out = io.Discard
	}
	work, err := interrupt.TempDir("", "herdsim-prove-*")
	if err != nil {
		return nil, &RTLError{err}
	}
	defer interrupt.Remove(work)
	if err := copyProofSources(dir, work, target); err != nil {
		return nil, err
	}
	res := &ProofResult{Depth: depth}
	t0 := time.Now()
	script := fmt.Sprintf(target.script, strings.Join(target.files, " "))
	if err := runTool(work, []string{"yosys", "-q", "-p", script}, out, nil); err != nil {
		return nil, rtlErr("%s proof: yosys could not build the model: %w", target.name, err)
	}
	res.Model = time.Since(t0)
	for _, step := range []struct {
		name string
		args []string
		took *time.Duration
	}{
		{"BMC from reset", nil, &res.BMC},
		{"induction", []string{"-i"}, &res.Induction},
	} {
		argv := append([]string{"yosys-smtbmc", "-s", ProofSolver, "--unroll", "--presat"}, step.args...)
		argv = append(argv, "-t", strconv.Itoa(depth))
		if opt.VCD != "" {
			vcd, err := filepath.Abs(opt.VCD)
			if err != nil {
				return nil, &RTLError{err}
			}
			argv = append(argv, "--dump-vcd", vcd)
		}
		argv = append(argv, "model.smt2")
		t0 := time.Now()
		v, err := smtbmc(work, argv, out)
		*step.took = time.Since(t0)
		if v.passed {
			continue
		}
		if v.assert != "" {
			return nil, &ProofFailure{Proof: target.name, Step: step.name, Depth: depth, Location: v.assert, Source: assertSource(work, v.assert)}
		}
		if v.unsat {
			return nil, rtlErr("%s proof (%s): the assumptions are unsatisfiable, the proof would be vacuous", target.name, step.name)
		}
		if err == nil {
			err = fmt.Errorf("no status")
		}
		return nil, rtlErr("%s proof (%s): yosys-smtbmc ended without a verdict: %w (last output: %s)", target.name, step.name, err, v.last)
	}
	return res, nil
}

// copyProofSources copies the target's sources from dir into work; at least one must have
// a FORMAL block.
func copyProofSources(dir, work string, target proofTarget) error {
	formal := false
	for _, name := range target.files {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return rtlErr("%s proof: rtl folder %s: %v (%s)", target.name, dir, err, target.hint)
		}
		formal = formal || bytes.Contains(data, []byte("`ifdef FORMAL"))
		if err := os.WriteFile(filepath.Join(work, name), data, 0o644); err != nil {
			return &RTLError{err}
		}
	}
	if !formal {
		return rtlErr("%s proof: the sources in %s have no FORMAL block (regenerate them with herdsim rtl)", target.name, dir)
	}
	return nil
}

// smtbmcVerdict is what one yosys-smtbmc run said.
type smtbmcVerdict struct {
	passed bool
	unsat  bool   // the assumptions are unsatisfiable (--presat)
	assert string // the failed assertion's file:line
	last   string // the last line of output
}

// assertLoc is a failed assertion's source in yosys-smtbmc's output: "Assert failed in
// herd_core: herd_core.v:45.5-55.4|herd_record.v:200.121-201.33|herd_tiled_core.v:351.99-357.4
// ($assert$...)", the spans of the assertion and of the instances that lead to it (the
// model is flattened), in no set order. Yosys gives a clocked assertion's span from the end
// of its enclosing condition: the statement is on the span's last line.
var assertLoc = regexp.MustCompile(`Assert failed in \S+ (\S+)`)

// srcSpan is one file:line.col-line.col of a source list.
var srcSpan = regexp.MustCompile(`^(.+?):(\d+)\.\d+-(\d+)\.\d+$`)

// assertionAt is the span of a failed assertion's source list whose last line in dir is an
// assertion, as file:line (the list's last span if none is).
func assertionAt(dir, list string) string {
	loc := ""
	for _, span := range strings.Split(list, "|") {
		m := srcSpan.FindStringSubmatch(span)
		if m == nil {
			continue
		}
		loc = m[1] + ":" + m[3]
		if strings.Contains(assertSource(dir, loc), "assert") {
			return loc
		}
	}
	return loc
}

// smtbmc runs one yosys-smtbmc in dir and reads its verdict from the output.
func smtbmc(dir string, argv []string, out io.Writer) (smtbmcVerdict, error) {
	var v smtbmcVerdict
	err := runTool(dir, argv, out, func(line string) bool {
		line = strings.TrimSpace(line)
		if line != "" {
			v.last = line
		}
		switch {
		case strings.HasSuffix(line, "Status: PASSED"):
			v.passed = true
		case strings.Contains(line, "Assumptions are unsatisfiable"):
			v.unsat = true
		}
		if m := assertLoc.FindStringSubmatch(line); m != nil && v.assert == "" {
			v.assert = assertionAt(dir, m[1])
		}
		return true
	})
	if err != nil {
		v.passed = false
	}
	return v, err
}

// assertSource is the source line of an assertion at file:line in dir, trimmed ("" if it
// cannot be read).
func assertSource(dir, loc string) string {
	i := strings.LastIndexByte(loc, ':')
	n, err := strconv.Atoi(loc[i+1:])
	if i < 0 || err != nil {
		return ""
	}
	data, err := os.ReadFile(filepath.Join(dir, filepath.Base(loc[:i])))
	if err != nil {
		return ""
	}
	lines := strings.Split(string(data), "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}
