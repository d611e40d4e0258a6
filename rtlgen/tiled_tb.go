package rtlgen

import (
	"fmt"

	"herdsim/datapath"
)

// TBSeed is the default seed of herd_tb's random stalls on the load stream (+seed=N).
const TBSeed = 1

// tiledTBModule is herd_tb for the tiled core: it streams load.hex into s_axis_load with
// seeded random stalls (tvalid low about one beat in four), drives the command stream
// (RUN 1, then once the core is idle RUN T + 6, and STOP as iteration T begins, so that
// exactly T iterations run), takes the output records from m_axis_sample with seeded random
// stalls (tready low about one cycle in four), and checks every record's x*, z*, cycle
// count and overflow flag against the vector set and the cycles between done pulses (less
// the cycles the core held). Once the core is idle it sends READ and checks the final W, b
// and c as they come out of m_axis_read (stalled at random too). Messages as the lane
// testbench's: "MISMATCH iteration=... name=... index=... expected=... got=...", PASS, and
// "ITER <t>" lines as records are checked (IterPrefix).
func tiledTBModule(a datapath.Arch, iterations, beats int) *module {
	s := a.Sizes()
	m := &module{name: "herd_tb", comment: `herd_tb: self-checking testbench of the tiled herd_core against a vector set (testvectors
format 2). It loads the core through s_axis_load from load.hex (in the working directory)
with seeded random stalls (+seed=N), runs T iterations through s_axis_cmd (RUN, STOP),
checks every iteration's record on m_axis_sample, taken with seeded random stalls too, and
reads the final W, b and c back through m_axis_read (READ). Plusargs: +x_star=FILE
+z_star=FILE +cycles=FILE +overflow=FILE +w_final=FILE +b_final=FILE +c_final=FILE, optional +vcd=FILE,
+fill (take no record until the core has held 100 cycles with its record buffer full).`}
	m.add("Sizes of the Arch and of the vector set (T iterations).", fmt.Sprintf(`
localparam K = %d;
localparam D = %d;
localparam T = %d;
localparam ITER_EVERY = %d;  // an ITER line every this many records, and at T
localparam PW = %d;
localparam SW = %d;
localparam W_W = %d;
localparam B_W = %d;
localparam C_W = %d;
localparam BEATS = %d;
localparam XB = %d;
localparam ZB = %d;
localparam RB = %d;
localparam WWORDS = %d;
localparam BBEATS = %d;
localparam CBEATS = %d;
localparam CW = 32;
localparam VW = ((XB > ZB ? XB : ZB) > 4 ? 16 * (XB > ZB ? XB : ZB) : 64) + 1;
`, a.K, a.D, iterations, IterEvery(iterations), s.PW, s.SW, a.Spec(datapath.RegW).Format.Word, a.Spec(datapath.RegB).Format.Word, a.Spec(datapath.RegC).Format.Word, beats, s.XB, s.ZB, s.RB, s.WWords,
		(a.Spec(datapath.RegB).Format.Word+15)/16, (a.Spec(datapath.RegC).Format.Word+15)/16))
	m.add("Clock, reset, the core, its load stream and its command stream (a beat is taken when tvalid\nand tready).", fmt.Sprintf(`
reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk <= ~clk;
wire done, overflow, tready, idle;
wire [15:0] rec_data, rd_data;
wire rec_valid, rec_last, rd_valid, rd_last, cmd_ready;
reg rec_ready, rd_ready;
reg [15:0] beats [0:BEATS-1];
integer bi;
/* verilator lint_off UNUSEDSIGNAL */  // $random in that simulator ignores its seed argument
integer seed;
/* verilator lint_on UNUSEDSIGNAL */
reg stall;
wire tvalid = !rst && bi < BEATS && !stall;
reg [15:0] cmdq [0:3];  // commands queued by the checks below, sent in order
integer cq_n, cq_i;
wire cmd_valid = !rst && cq_i < cq_n;
herd_core dut (.clk(clk), .rst(rst), .s_axis_load_tdata(bi < BEATS ? beats[bi] : 16'h0), .s_axis_load_tvalid(tvalid),
  .s_axis_load_tready(tready), .m_axis_sample_tdata(rec_data), .m_axis_sample_tvalid(rec_valid),
  .m_axis_sample_tready(rec_ready), .m_axis_sample_tlast(rec_last),
  .s_axis_cmd_tdata(cmd_valid ? cmdq[cq_i[1:0]] : 16'h0), .s_axis_cmd_tvalid(cmd_valid), .s_axis_cmd_tready(cmd_ready),
  .m_axis_read_tdata(rd_data), .m_axis_read_tvalid(rd_valid), .m_axis_read_tready(rd_ready), .m_axis_read_tlast(rd_last),
  .idle(idle), .done(done), .overflow(overflow));
always @(posedge clk) begin
  if (tvalid && tready) bi <= bi + 1;
  if (cmd_valid && cmd_ready) cq_i <= cq_i + 1;
  stall <= ($random(seed) & 3) == 0;
end
localparam [15:0] CMD_RUN1 = 16'h%04x;   // RUN 1
localparam [15:0] CMD_RUNT = 16'h%04x;   // RUN T + 6: more than the testbench lets run
localparam [15:0] CMD_STOP = 16'h%04x;
localparam [15:0] CMD_READ = 16'h%04x;
task send;
  input [15:0] c;
  begin
    cmdq[cq_n[1:0]] = c;
    cq_n = cq_n + 1;
  end
endtask
`, Cmd(CmdRun, 1), Cmd(CmdRun, min(iterations+6, CmdMaxRun)), Cmd(CmdStop, 0), Cmd(CmdRead, 0)))
	loads := expectedLoads()
	addExpected(m)
	m.add(`Sampled at every falling edge: a record beat the core hands over at the next rising edge
(tready is chosen first), checked when its record is complete; a done pulse, with the cycles
since the first cycle after the load (or the previous done) that the core did not hold;
once T iterations have run and the core is idle, the read-back: W words (word (i/PW) D + j,
slot i mod PW), then b and c values, each checked as it completes. PASS when T records and
the whole read-back are checked.`, `
integer t, cyc, i, j, r, rb, wait_rec, held, nb, cmds, sl;
reg fill;  // +fill: tready stays low until the core has held in DONE for 100 cycles
reg [16*XB-1:0] got_x;
reg [16*ZB-1:0] got_z;
reg [31:0] got_cyc;
reg [47:0] word;
reg [31:0] val;
reg [31:0] tw;                 // t as a 32-bit word
localparam [31:0] T_M1 = T - 1;  // the done pulses of a run of T iterations
// A read-back beat: W beat nb (word nb / 3), then b beats, then c beats.
task take_read;
  begin
    if (nb < 3 * WWORDS) begin
      word[(nb % 3) * 16 +: 16] = rd_data;
      if (nb % 3 == 2) begin
        j = (nb / 3) % D;
        for (sl = 0; sl < PW; sl = sl + 1) begin
          i = (nb / 3) / D * PW + sl;
          if (i < K)
            check(T, "w_final", i * D + j, {{(VW-W_W){1'b0}}, exp_w_final[i * D + j]}, {{(VW-W_W){1'b0}}, word[sl * SW +: W_W]});
        end
      end
    end else if (nb < 3 * WWORDS + K * BBEATS) begin
      i = nb - 3 * WWORDS;
      if (i % BBEATS == 0) val = 32'd0;
      val[(i % BBEATS) * 16 +: 16] = rd_data;
      if (i % BBEATS == BBEATS - 1)
        check(T, "b_final", i / BBEATS, {{(VW-B_W){1'b0}}, exp_b_final[i / BBEATS]}, {{(VW-32){1'b0}}, val});
    end else begin
      j = nb - 3 * WWORDS - K * BBEATS;
      if (j % CBEATS == 0) val = 32'd0;
      val[(j % CBEATS) * 16 +: 16] = rd_data;
      if (j % CBEATS == CBEATS - 1)
        check(T, "c_final", j / CBEATS, {{(VW-C_W){1'b0}}, exp_c_final[j / CBEATS]}, {{(VW-32){1'b0}}, val});
    end
    check(T, "rd_last", nb, {{(VW-1){1'b0}}, nb == 3 * WWORDS + K * BBEATS + D * CBEATS - 1}, {{(VW-1){1'b0}}, rd_last});
    nb = nb + 1;
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
  rd_ready = 1'b0;
  cq_n = 0;
  cq_i = 0;
  send(CMD_RUN1);
  cmds = 1;
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
// done pulses are checked as they come (a record may arrive after its iteration's done);
// commands are sent as the run goes (RUN T + 6 once the core is idle after iteration 1,
// STOP at the done that begins iteration T), until the core is idle with T records taken;
// a run longer than expected is a cycles mismatch, and a record that does not come within
// twice the longest iteration fails as missing; the ITER line comes when a due record is
// checked. Then READ, and the read-back's beats.
var tiledIterationChecks = `  cyc = 0;
  t = 0;
  r = 0;
  rb = 0;
  wait_rec = 0;
  if (T == 1) cmds = 3;
  while (!(cmds == 3 && idle && r == T)) begin
    rec_ready = ($random(seed) & 3) != 0 && !(fill && held < 100);
    if (dut.hold && dut.has_todo) held = held + 1;  // held with an iteration pending: the buffer is full
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
` + iterLine("(r + 1)", "          ") + `        end
        r = r + 1;
        rb = 0;
        wait_rec = 0;
      end else begin
        rb = rb + 1;
      end
    end
    if (fill && held < 100 && cmds == 3 && idle) begin
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
    if (cmds == 1 && idle) begin
      send(CMD_RUNT);
      cmds = 2;
    end
    if (!dut.hold) cyc = cyc + 1;
    if (done) begin
      if (t >= T - 1) check(t + 1, "done", t, {{(VW-1){1'b0}}, 1'b0}, {{(VW-1){1'b0}}, 1'b1});  // a done past T - 1: an iteration too many
      check(t + 1, "cycles", t, {{(VW-CW){1'b0}}, exp_cycles[t]}, {{(VW-32){1'b0}}, cyc});
      check(t + 1, "overflow", t, {{(VW-1){1'b0}}, exp_overflow[t]}, {{(VW-1){1'b0}}, overflow});
      cyc = 0;
      t = t + 1;
      if (cmds == 2 && t == T - 1) begin
        send(CMD_STOP);
        cmds = 3;
      end
    end else if (t < T && cyc > exp_cycles[t]) begin
      check(t + 1, "cycles", t, {{(VW-CW){1'b0}}, exp_cycles[t]}, {{(VW-32){1'b0}}, cyc});
    end
    @(negedge clk);
  end
  // Iteration T holds in DONE (no iteration pending): T - 1 done pulses.
  tw = t;
  check(T, "dones", 0, {{(VW-32){1'b0}}, T_M1}, {{(VW-32){1'b0}}, tw});
  send(CMD_READ);
  nb = 0;
  wait_rec = 0;
  while (nb < 3 * WWORDS + K * BBEATS + D * CBEATS) begin
    rd_ready = ($random(seed) & 3) != 0;
    if (rd_valid && rd_ready) take_read;
    wait_rec = wait_rec + 1;
    if (wait_rec > 16 * (3 * WWORDS + K * BBEATS + D * CBEATS) + 100) begin
      $display("MISMATCH iteration=%0d name=read index=%0d expected=a read-back beat got=none", T, nb);
      $fatal(1, "herd_tb: the read-back stopped");
    end
    @(negedge clk);
  end
  rd_ready = 1'b1;
  repeat (8) begin
    @(negedge clk);
    check(T, "rd_extra", nb, {{(VW-1){1'b0}}, 1'b0}, {{(VW-1){1'b0}}, rd_valid});
  end
  check(T, "idle", 0, {{(VW-1){1'b0}}, 1'b1}, {{(VW-1){1'b0}}, idle});
  $display("overflow=%0d held=%0d", overflow, held);
  $display("PASS");
  $finish;
`
