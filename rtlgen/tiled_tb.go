package rtlgen

import (
	"fmt"

	"herdsim/datapath"
)

// TBSeed is the default seed of herd_tb's random stalls on the load stream (+seed=N).
const TBSeed = 1

// tiledTBModule is herd_tb for the tiled core: it streams load.hex into s_axis_load with
// seeded random stalls (tvalid low about one beat in four), then checks x*, z* and the
// cycle count of every iteration against the vector set and, at iteration T's done, the
// final W, b and c in the core's memories (hierarchical names). Messages as the lane
// testbench's: "MISMATCH iteration=... name=... index=... expected=... got=...", PASS.
func tiledTBModule(a datapath.Arch, iterations, beats int) *module {
	s := a.Sizes()
	m := &module{name: "herd_tb", comment: `herd_tb: self-checking testbench of the tiled herd_core against a vector set (testvectors
format 2). It loads the core through s_axis_load from load.hex (in the working directory)
with seeded random stalls (+seed=N), then checks every iteration. Plusargs: +x_star=FILE
+z_star=FILE +cycles=FILE +overflow=FILE +w_final=FILE +b_final=FILE +c_final=FILE, optional +vcd=FILE.`}
	m.add("Sizes of the Arch and of the vector set (T iterations).", fmt.Sprintf(`
localparam K = %d;
localparam D = %d;
localparam T = %d;
localparam PW = %d;
localparam SW = %d;
localparam W_W = %d;
localparam B_W = %d;
localparam C_W = %d;
localparam BEATS = %d;
localparam CW = 32;
localparam VW = ((D > K ? D : K) > 64 ? (D > K ? D : K) : 64) + 1;
`, a.K, a.D, iterations, s.PW, s.SW, a.Spec(datapath.RegW).Format.Word, a.Spec(datapath.RegB).Format.Word, a.Spec(datapath.RegC).Format.Word, beats))
	m.add("Clock, reset, the core and its load stream (a beat is taken when tvalid and tready).", `
reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk <= ~clk;
wire done, overflow, tready;
wire [D-1:0] x_star;
wire [K-1:0] z_star;
reg [15:0] beats [0:BEATS-1];
integer bi;
/* verilator lint_off UNUSEDSIGNAL */  // $random in that simulator ignores its seed argument
integer seed;
/* verilator lint_on UNUSEDSIGNAL */
reg stall;
wire tvalid = !rst && bi < BEATS && !stall;
herd_core dut (.clk(clk), .rst(rst), .s_axis_load_tdata(bi < BEATS ? beats[bi] : 16'h0), .s_axis_load_tvalid(tvalid),
  .s_axis_load_tready(tready), .done(done), .x_star(x_star), .z_star(z_star), .overflow(overflow));
always @(posedge clk) begin
  if (tvalid && tready) bi <= bi + 1;
  stall <= ($random(seed) & 3) == 0;
end
`)
	loads := expectedLoads()
	addExpected(m)
	m.add(`Every done cycle (sampled at the falling edge): x*, z*, the cycles since the first cycle
after the load (or the previous done); after iteration T the final W (word (i/PW) D + j of the
W SPRAMs, slot i mod PW), b and c, then PASS.`, `
integer t, cyc, i, j;
/* verilator lint_off UNUSEDSIGNAL */  // only its low 14 bits address a W word
integer ia;
/* verilator lint_on UNUSEDSIGNAL */
reg [47:0] word;
task check_final;
  begin
    for (i = 0; i < K; i = i + 1) begin
      for (j = 0; j < D; j = j + 1) begin
        ia = (i / PW) * D + j;
        word = {dut.wram2.mem[ia[13:0]], dut.wram1.mem[ia[13:0]], dut.wram0.mem[ia[13:0]]};
        check(T, "w_final", i * D + j, {{(VW-W_W){1'b0}}, exp_w_final[i * D + j]}, {{(VW-W_W){1'b0}}, word[(i % PW) * SW +: W_W]});
      end
      check(T, "b_final", i, {{(VW-B_W){1'b0}}, exp_b_final[i]}, {{(VW-B_W){1'b0}}, dut.b_mem[i / PW][(i % PW) * B_W +: B_W]});
    end
    for (j = 0; j < D; j = j + 1)
      check(T, "c_final", j, {{(VW-C_W){1'b0}}, exp_c_final[j]}, {{(VW-C_W){1'b0}}, dut.c_mem[j]});
  end
endtask
initial begin
`+loads+`  if (!$value$plusargs("seed=%d", seed)) seed = `+fmt.Sprint(TBSeed)+`;
  $readmemh("load.hex", beats);
  if ($value$plusargs("vcd=%s", fname)) begin
    $dumpfile(fname);
    $dumpvars(0, herd_tb);
  end
  bi = 0;
  stall = 1'b0;
  repeat (2) @(negedge clk);
  rst = 1'b0;
  cyc = 0;
  while (!dut.running) begin
    @(negedge clk);
    cyc = cyc + 1;
    if (cyc > 8 * BEATS + 100) begin
      $display("MISMATCH iteration=0 name=load index=%0d expected=running got=still loading", bi);
      $fatal(1, "herd_tb: the core did not finish its load");
    end
  end
`+iterationChecks+`end
`)
	return m
}
