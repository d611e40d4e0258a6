package rtlgen

import (
	"fmt"

	"herdsim/datapath"
)

// TBSeed is the default seed of herd_tb's random stalls on the load stream (+seed=N).
const TBSeed = 1

// tiledTBModule is herd_tb for the tiled core: it streams load.hex into s_axis_load with
// seeded random stalls (tvalid low about one beat in four), takes the output records from
// m_axis_sample with seeded random stalls (tready low about one cycle in four), and checks
// every record's x*, z*, cycle count and overflow flag against the vector set, the cycles
// between done pulses (less the cycles the core held) and, at iteration T's done, the
// final W, b and c in the core's memories (hierarchical names). Messages as the lane
// testbench's: "MISMATCH iteration=... name=... index=... expected=... got=...", PASS.
func tiledTBModule(a datapath.Arch, iterations, beats int) *module {
	s := a.Sizes()
	m := &module{name: "herd_tb", comment: `herd_tb: self-checking testbench of the tiled herd_core against a vector set (testvectors
format 2). It loads the core through s_axis_load from load.hex (in the working directory)
with seeded random stalls (+seed=N), then checks every iteration's record on m_axis_sample,
taken with seeded random stalls too. Plusargs: +x_star=FILE
+z_star=FILE +cycles=FILE +overflow=FILE +w_final=FILE +b_final=FILE +c_final=FILE, optional +vcd=FILE,
+fill (take no record until the core has held 100 cycles with its record buffer full).`}
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
localparam XB = %d;
localparam ZB = %d;
localparam RB = %d;
localparam CW = 32;
localparam VW = ((XB > ZB ? XB : ZB) > 4 ? 16 * (XB > ZB ? XB : ZB) : 64) + 1;
`, a.K, a.D, iterations, s.PW, s.SW, a.Spec(datapath.RegW).Format.Word, a.Spec(datapath.RegB).Format.Word, a.Spec(datapath.RegC).Format.Word, beats, s.XB, s.ZB, s.RB))
	m.add("Clock, reset, the core and its load stream (a beat is taken when tvalid and tready).", `
reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk <= ~clk;
wire done, overflow, tready;
wire [15:0] rec_data;
wire rec_valid, rec_last;
reg rec_ready;
reg [15:0] beats [0:BEATS-1];
integer bi;
/* verilator lint_off UNUSEDSIGNAL */  // $random in that simulator ignores its seed argument
integer seed;
/* verilator lint_on UNUSEDSIGNAL */
reg stall;
wire tvalid = !rst && bi < BEATS && !stall;
herd_core dut (.clk(clk), .rst(rst), .s_axis_load_tdata(bi < BEATS ? beats[bi] : 16'h0), .s_axis_load_tvalid(tvalid),
  .s_axis_load_tready(tready), .m_axis_sample_tdata(rec_data), .m_axis_sample_tvalid(rec_valid),
  .m_axis_sample_tready(rec_ready), .m_axis_sample_tlast(rec_last), .done(done), .overflow(overflow));
always @(posedge clk) begin
  if (tvalid && tready) bi <= bi + 1;
  stall <= ($random(seed) & 3) == 0;
end
`)
	loads := expectedLoads()
	addExpected(m)
	m.add(`Sampled at every falling edge: a record beat the core hands over at the next rising edge
(tready is chosen first), checked when its record is complete; a done pulse, with the cycles
since the first cycle after the load (or the previous done) that the core did not hold; after
iteration T's done the final W (word (i/PW) D + j of the W SPRAMs, slot i mod PW), b and c.
PASS when T dones and T records are checked.`, `
integer t, cyc, i, j, r, rb, wait_rec, held;
reg fill;  // +fill: tready stays low until the core has held in DONE for 100 cycles
reg [16*XB-1:0] got_x;
reg [16*ZB-1:0] got_z;
reg [31:0] got_cyc;
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
  rec_ready = 1'b0;
  fill = $test$plusargs("fill");
  held = 0;
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
`+tiledIterationChecks+`end
`)
	return m
}

// tiledIterationChecks is herd_tb's run from the first cycle of iteration 1: records and
// done pulses are checked as they come (a record may arrive after its iteration's done),
// until T of each; a run longer than expected is a cycles mismatch, and a record that does
// not come within twice the longest iteration fails as missing.
const tiledIterationChecks = `  cyc = 0;
  t = 0;
  r = 0;
  rb = 0;
  wait_rec = 0;
  while (t < T || r < T) begin
    rec_ready = ($random(seed) & 3) != 0 && !(fill && held < 100);
    if (dut.hold) held = held + 1;
    if (rec_valid && rec_ready) begin
      if (rb < XB) got_x[rb*16 +: 16] = rec_data;
      else if (rb < XB + ZB) got_z[(rb-XB)*16 +: 16] = rec_data;
      else if (rb == XB + ZB) got_cyc[15:0] = rec_data;
      else got_cyc[31:16] = {1'b0, rec_data[14:0]};
      check(r + 1, "tlast", rb, {{(VW-1){1'b0}}, rb == RB - 1}, {{(VW-1){1'b0}}, rec_last});
      if (rb == RB - 1) begin
        if (r < T) begin
          check(r + 1, "x_star", r, {{(VW-D){1'b0}}, exp_x_star[r]}, {{(VW-16*XB){1'b0}}, got_x});
          check(r + 1, "z_star", r, {{(VW-K){1'b0}}, exp_z_star[r]}, {{(VW-16*ZB){1'b0}}, got_z});
          check(r + 1, "cycles", r, {{(VW-CW){1'b0}}, exp_cycles[r]}, {{(VW-32){1'b0}}, got_cyc});
          check(r + 1, "overflow", r, {{(VW-1){1'b0}}, exp_overflow[r]}, {{(VW-1){1'b0}}, rec_data[15]});
        end
        r = r + 1;
        rb = 0;
        wait_rec = 0;
      end else begin
        rb = rb + 1;
      end
    end
    if (fill && held < 100 && t == T) begin
      $display("MISMATCH iteration=%0d name=hold index=0 expected=a hold got=%0d held cycles", T, held);
      $fatal(1, "herd_tb: +fill: the core ran T iterations without holding");
    end
    if (r < T && !(fill && held < 100)) begin
      wait_rec = wait_rec + 1;
      if (wait_rec > 2 * exp_cycles[r] + 64 * RB) begin
        $display("MISMATCH iteration=%0d name=record index=%0d expected=a record got=none", r + 1, r);
        $fatal(1, "herd_tb: no record");
      end
    end
    if (t < T) begin
      if (!dut.hold) cyc = cyc + 1;
      if (done) begin
        check(t + 1, "cycles", t, {{(VW-CW){1'b0}}, exp_cycles[t]}, {{(VW-32){1'b0}}, cyc});
        check(t + 1, "overflow", t, {{(VW-1){1'b0}}, exp_overflow[t]}, {{(VW-1){1'b0}}, overflow});
        if (t + 1 == T) check_final;
        cyc = 0;
        t = t + 1;
      end else if (cyc > exp_cycles[t]) begin
        check(t + 1, "cycles", t, {{(VW-CW){1'b0}}, exp_cycles[t]}, {{(VW-32){1'b0}}, cyc});
      end
    end
    @(negedge clk);
  end
  $display("overflow=%0d held=%0d", overflow, held);
  $display("PASS");
  $finish;
`
