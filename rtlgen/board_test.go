package rtlgen_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/rtlgen"
	"herdsim/sim"
	"herdsim/testvectors"
)

// TestBoardPCF: the .pcf pins exactly the board top's ports, each on a pin that exists on
// the UP5K's sg48 package (rtlgen.UP5KSG48Pins, the pins nextpnr-ice40 accepts), no pin twice.
func TestBoardPCF(t *testing.T) {
	a := datapath.DefaultArch(8, 64, 128, 2, 10, 2, herding.ModeSH, false)
	files := rtlgen.BoardFiles(a, 2)
	valid := map[int]bool{}
	for _, p := range rtlgen.UP5KSG48Pins {
		valid[p] = true
	}
	if len(valid) != 39 {
		t.Fatalf("UP5K sg48 has 39 I/O pins, the list holds %d", len(valid))
	}
	board := files[rtlgen.BoardFile]
	re := regexp.MustCompile(`^set_io\s+(\S+)\s+(\d+)$`)
	used, ports := map[int]string{}, map[string]bool{}
	for _, line := range strings.Split(files[rtlgen.BoardPCF], "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := re.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("pcf line %q is not set_io PORT PIN", line)
		}
		pin, _ := strconv.Atoi(m[2])
		if !valid[pin] {
			t.Errorf("pcf: %s on pin %d, which is not an I/O pin of the UP5K sg48", m[1], pin)
		}
		if prev, ok := used[pin]; ok {
			t.Errorf("pcf: pin %d given to %s and %s", pin, prev, m[1])
		}
		used[pin], ports[m[1]] = m[1], true
		if !regexp.MustCompile(`(input|output)\s+wire\s+` + m[1] + `\b`).MatchString(board) {
			t.Errorf("pcf: %s is not a port of herd_board", m[1])
		}
	}
	for _, p := range []string{"clk", "tx", "ledr_n", "ledg_n"} {
		if !ports[p] {
			t.Errorf("pcf: port %s not pinned", p)
		}
	}
	if used[35] != "clk" || used[9] != "tx" {
		t.Errorf("pcf: want clk on 35 (12 MHz) and tx on 9 (FTDI), got %v", used)
	}
}

// TestBoardFraming: 12 MHz / 115200 baud rounds to 104 clocks per bit; a frame is sync,
// two counter bytes, ceil(D/8) + ceil(K/8) bytes.
func TestBoardFraming(t *testing.T) {
	if d := rtlgen.BaudDivisor(); d != 104 {
		t.Errorf("baud divisor %d, want 104", d)
	}
	a := datapath.DefaultArch(50, 256, 700, 16, 10, 2, herding.ModeH, false)
	if n := rtlgen.FrameBytes(a); n != 3+32+7 {
		t.Errorf("USPS frame: %d bytes, want 42", n)
	}
}

// boardFolder writes a vector set (default data, K = 8, L = 2, T iterations) and its RTL
// folder (with the board files).
func boardFolder(t *testing.T, iters int) (vec, rtl string, set *testvectors.Set) {
	t.Helper()
	a := datapath.DefaultArch(8, 64, 128, 2, 10, iters, herding.ModeSH, false)
	set, err := sim.ReferenceVectors(dataset.Default(), a, herding.DefaultSeed, iters)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	vec, rtl = filepath.Join(dir, "vectors"), filepath.Join(dir, "rtl")
	if _, err := testvectors.Write(vec, set, testvectors.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	names, err := rtlgen.Write(rtl, set)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{rtlgen.BoardFile, rtlgen.BoardPCF, rtlgen.BoardTBFile} {
		if !strings.Contains(strings.Join(names, " "), want) {
			t.Fatalf("rtlgen.Write did not write %s: %v", want, names)
		}
	}
	return vec, rtl, set
}

// runBoardTB builds herd_board_tb with Icarus in the RTL folder and runs it against the
// given x_star and z_star files.
func runBoardTB(t *testing.T, rtl, xstar, zstar string) (string, error) {
	t.Helper()
	build := exec.Command("iverilog", "-g2005", "-Wall", "-s", "herd_board_tb", "-o", "board.vvp",
		"herd_lane.v", "herd_core.v", "herd_board.v", "herd_board_tb.v")
	build.Dir = rtl
	if out, err := build.CombinedOutput(); err != nil || strings.TrimSpace(string(out)) != "" {
		t.Fatalf("iverilog: %v\n%s", err, out)
	}
	run := exec.Command("vvp", "-n", "board.vvp", "+x_star="+xstar, "+z_star="+zstar)
	run.Dir = rtl
	out, err := run.CombinedOutput()
	return string(out), err
}

// TestBoardUARTIcarus: the board top's UART stream, decoded by herd_board_tb at 104 clocks
// per bit, carries the golden x* and z* of the first iterations; a corrupted expected z*
// word makes the same testbench fail.
func TestBoardUARTIcarus(t *testing.T) {
	if err := sim.CheckSimulator("icarus"); err != nil {
		t.Skipf("%v: board simulation not run", err)
	}
	vec, rtl, _ := boardFolder(t, 2)
	xs, zs := filepath.Join(vec, "x_star.hex"), filepath.Join(vec, "z_star.hex")
	out, err := runBoardTB(t, rtl, xs, zs)
	if err != nil || !strings.Contains(out, "PASS frames=2") {
		t.Fatalf("board testbench: %v\n%s", err, out)
	}
	for i := 1; i <= 2; i++ {
		if !strings.Contains(out, fmt.Sprintf("FRAME t=%d\n", i)) {
			t.Errorf("no frame for iteration %d:\n%s", i, out)
		}
	}

	// Flip one bit of iteration 1's expected z*: the decoded frame must not match.
	words := strings.Split(strings.TrimSuffix(string(mustRead(t, zs)), "\n"), "\n")
	words[0] = flipLowBit(words[0])
	bad := filepath.Join(t.TempDir(), "z_star.hex")
	if err := os.WriteFile(bad, []byte(strings.Join(words, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = runBoardTB(t, rtl, xs, bad)
	if err == nil || !strings.Contains(out, "MISMATCH iteration=1 name=z_star") {
		t.Fatalf("corrupted z*: want a z_star mismatch at iteration 1 and a non-zero exit, got %v\n%s", err, out)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// flipLowBit flips bit 0 of a hex word.
func flipLowBit(h string) string {
	last := h[len(h)-1]
	v, _ := strconv.ParseUint(string(last), 16, 8)
	return h[:len(h)-1] + strconv.FormatUint(v^1, 16)
}

// TestBoardLint: verilator --lint-only -Wall is silent on the board top and its testbench.
func TestBoardLint(t *testing.T) {
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not on PATH (apt-get install verilator): lint not run")
	}
	for name, a := range map[string]datapath.Arch{
		"K8L2":  datapath.DefaultArch(8, 64, 128, 2, 10, 3, herding.ModeSH, false),
		"K10L3": datapath.DefaultArch(10, 61, 128, 3, 10, 3, herding.ModeH, true), // padded x* and z* bytes
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			files, err := rtlgen.Verilog(a, 3)
			if err != nil {
				t.Fatal(err)
			}
			for n, v := range rtlgen.BoardFiles(a, 3) {
				files[n] = v
			}
			for n, v := range files {
				if err := os.WriteFile(filepath.Join(dir, n), []byte(v), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, top := range []string{"herd_board", "herd_board_tb"} {
				args := []string{"--lint-only", "-Wall", "--timing", "--top-module", top}
				for _, f := range []string{rtlgen.LaneFile, rtlgen.CoreFile, rtlgen.BoardFile, rtlgen.BoardTBFile} {
					args = append(args, filepath.Join(dir, f))
				}
				out, err := exec.Command("verilator", args...).CombinedOutput()
				if err != nil || strings.TrimSpace(string(out)) != "" {
					t.Errorf("verilator lint of %s: %v\n%s", top, err, out)
				}
			}
		})
	}
}
