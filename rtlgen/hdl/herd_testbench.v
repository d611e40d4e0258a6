// herd_testbench: the self-checking testbench of herd_core against a vector set
// (testvectors format 2; docs/formats.md). rtlgen's herd_tb sets its parameters for the
// core's Arch; everything of the vector set comes at run time, so one build serves every
// vector set of the same Arch:
//
//   +iters=N     the iterations to run and check (the set's iteration count)
//   +load=FILE   the load stream (rtlgen's load.hex for the set; default load.hex)
//   +x_star=FILE +z_star=FILE +cycles=FILE +overflow=FILE +w_final=FILE +b_final=FILE
//   +c_final=FILE  the expected words (the set's files, one hex word a line)
//   +seed=N      the seed of the random stalls (default SEED)
//   +vcd=FILE    dump a waveform of the whole run (a VCD; FST from a Verilator build with
//                --trace-fst)
//   +dump_from=A +dump_to=B  with +vcd: dump from clock A on only, and end the run at clock
//                B (a window around a mismatch; clocks count rising edges from time 0)
//   +keep_going  report the first mismatch of each expected file and go on (see below)
//   +fill        take no record until the core has held 100 cycles with its buffer full
//
// It loads the core through s_axis_load with seeded random stalls (tvalid low about one
// beat in four), runs N iterations through s_axis_cmd (RUN 1, then once the core is idle
// RUN N + 6, and STOP as iteration N begins, so that exactly N iterations run), takes the
// output records from m_axis_sample with seeded random stalls (tready low about one cycle
// in four), and checks every record's x*, z*, cycle count, overflow flag and tlast, and
// the cycles between done pulses less the cycles the core held. Once the core is idle it
// sends READ and checks the final W, b and c as they come out of m_axis_read (stalled at
// random too). The first mismatch prints
//   MISMATCH iteration=<t> name=<what> index=<word> expected=<hex> got=<hex> cycle=<c> time=<u>
// (c: the clock's rising edges since time 0; u: $time, 10 a clock) and ends the run with $fatal (a
// non-zero exit); "ITER <t>" lines report progress; PASS ends a clean run. With
// +keep_going a mismatch in an expected file's words (x_star .. c_final) prints its line
// once for that file and the run goes on, so that every file gets a verdict from one run;
// such a run ends with "FAIL files=<bits>" and $fatal. A mismatch of the protocol (tlast,
// a done pulse too many, the read-back's framing, a missing record) still ends the run at
// once: the checks after it would compare misframed words.

`default_nettype none

module herd_testbench #(
  parameter integer K       = 16,
  parameter integer D       = 64,
  parameter integer WL      = 3,     // beats (16-bit lanes) a W word
  parameter integer PW      = 3,     // weights a W word
  parameter integer SW      = 16,    // bits a W word's slot
  parameter integer W_W     = 11,
  parameter integer B_W     = 2,
  parameter integer C_W     = 11,
  parameter integer WWORDS  = 384,   // W words the read-back brings
  parameter integer BEATS   = 1830,  // the load stream's beats
  parameter integer SEED    = 1,     // the random stalls' seed (+seed=N)
  parameter [1:0]   OP_RUN  = 2'd0,  // the command stream's ops
  parameter [1:0]   OP_STOP = 2'd1,
  parameter [1:0]   OP_READ = 2'd2
) ();
  localparam integer XB     = (D + 15) / 16;  // x* words of a record
  localparam integer ZB     = (K + 15) / 16;  // z* words
  localparam integer RB     = XB + ZB + 2;    // beats of a record
  localparam integer BBEATS = (B_W + 15) / 16;
  localparam integer CBEATS = (C_W + 15) / 16;
  localparam integer RBEATS = WL * WWORDS + K * BBEATS + D * CBEATS;  // the read-back's beats
  localparam integer CW     = 32;
  localparam integer VW     = ((XB > ZB ? XB : ZB) > 4 ? 16 * (XB > ZB ? XB : ZB) : 64) + 1;  // a checked value

  // Clock, reset, the core, its load stream and its command stream (a beat is taken when
  // tvalid and tready).
  reg clk = 1'b0;
  reg rst = 1'b1;
  always #5 clk <= ~clk;
  wire done, overflow, tready, idle;
  wire [15:0] rec_data, rd_data;
  wire rec_valid, rec_last, rd_valid, rd_last, cmd_ready;
  reg rec_ready, rd_ready;
  reg [15:0] beats [0:BEATS-1];
  integer bi;
  integer seed;
  // The stalls' random bits: a xorshift32 generator for each process that draws them,
  // seeded from +seed, so that a run's stalls are the same in every simulator and build:
  // $random ignores its seed argument in one simulator, and one generator shared by two
  // processes would give each the bits their order of evaluation gives them (a build
  // with tracing orders them otherwise). A waveform's rerun relies on the same cycles.
  function [31:0] xorshift;
    input [31:0] x;
    reg [31:0] y;
    begin
      y = x ^ (x << 13);
      y = y ^ (y >> 17);
      xorshift = y ^ (y << 5);
    end
  endfunction
  reg [31:0] rnd_load, rnd_tb;  // the load's stalls; the records' and the read-back's
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
    rnd_load <= xorshift(rnd_load);
    stall <= rnd_load[1:0] == 2'd0;
  end

  // The clock's rising edges since time 0: a mismatch names the cycle it was found in, and
  // +dump_from/+dump_to choose a waveform's window by it (a second run, the same seed:
  // the same cycles).
  integer clocks;
  reg [8*1024-1:0] dump_name;
  integer dump_from, dump_to;  // -1: none
  always @(posedge clk) begin
    clocks <= clocks + 1;
    if (dump_from > 0 && clocks == dump_from) $dumpvars;  // $dumpfile came at time 0
    if (dump_to >= 0 && clocks == dump_to) $finish;
  end
  task send;
    input [15:0] c;
    begin
      cmdq[cq_n[1:0]] = c;
      cq_n = cq_n + 1;
    end
  endtask

  // The expected words: the per-iteration ones are read from their files as they are
  // checked (records and done pulses each have their own cursor), the final weights into
  // memories.
  integer iters, iter_every;
  reg [8*1024-1:0] fname;
  integer fd_x, fd_z, fd_rc, fd_ro, fd_dc, fd_do;  // x*, z*; cycles and overflow of the records, of the done pulses
  reg [W_W-1:0] exp_w_final [0:K*D-1];
  reg [B_W-1:0] exp_b_final [0:K-1];
  reg [C_W-1:0] exp_c_final [0:D-1];
  reg [D-1:0] exp_x;
  reg [K-1:0] exp_z;
  reg [CW-1:0] exp_rc, exp_dc;                    // the cycles of the next record and of the next done
  reg exp_ro, exp_do;
  // open_expected opens the file of plusarg +<name>=FILE (got by the caller into fname).
  task open_expected;
    input found;
    input [8*8-1:0] name;
    output integer fd;
    begin
      if (!found) $fatal(1, "herd_tb: missing +%0s=FILE", name);
      fd = $fopen(fname, "r");
      if (fd == 0) $fatal(1, "herd_tb: cannot open %0s", fname);
    end
  endtask
  // next_word reads the next word of an expected file into v (its width: up to VW bits).
  task next_word;
    /* verilator lint_off UNUSEDSIGNAL */  // $fscanf's use is not counted
    input integer fd;
    /* verilator lint_on UNUSEDSIGNAL */
    input [8*8-1:0] name;
    input integer index;
    output [VW-1:0] v;
    integer n;
    begin
      n = $fscanf(fd, "%h\n", v);
      if (n != 1) begin
        $display("MISMATCH iteration=%0d name=%0s index=%0d expected=a word got=the end of the file cycle=%0d time=%0d", index + 1, name, index, clocks, $time);
        $fatal(1, "herd_tb: %0s has too few words", name);
      end
    end
  endtask
  /* verilator lint_off UNUSEDSIGNAL */  // the widest expected word is narrower than a checked value
  reg [VW-1:0] word_in;
  /* verilator lint_on UNUSEDSIGNAL */
  task next_record_words;
    input integer r;
    begin
      next_word(fd_x, "x_star", r, word_in);
      exp_x = word_in[D-1:0];
      next_word(fd_z, "z_star", r, word_in);
      exp_z = word_in[K-1:0];
      next_word(fd_rc, "cycles", r, word_in);
      exp_rc = word_in[CW-1:0];
      next_word(fd_ro, "overflow", r, word_in);
      exp_ro = word_in[0];
    end
  endtask
  task next_done_words;
    input integer t;
    begin
      next_word(fd_dc, "cycles", t, word_in);
      exp_dc = word_in[CW-1:0];
      next_word(fd_do, "overflow", t, word_in);
      exp_do = word_in[0];
    end
  endtask

  // file_of is the expected file a check's name is a word of (its bit in failed), -1 for
  // a check of the protocol.
  function integer file_of;
    input [8*8-1:0] name;
    begin
      case (name)
        "x_star":   file_of = 0;
        "z_star":   file_of = 1;
        "cycles":   file_of = 2;
        "overflow": file_of = 3;
        "w_final":  file_of = 4;
        "b_final":  file_of = 5;
        "c_final":  file_of = 6;
        default:    file_of = -1;
      endcase
    end
  endfunction
  reg keep_going;
  reg [6:0] failed;  // +keep_going: the expected files with a mismatch, by file_of

  // check: the first mismatch ends the run with a non-zero exit (with +keep_going, the
  // first of each expected file is reported and the run goes on).
  task check;
    input integer iter;
    input [8*8-1:0] name;
    input integer index;
    input [VW-1:0] expected;
    input [VW-1:0] got;
    integer f;
    begin
      if (expected !== got) begin
        f = file_of(name);
        if (!keep_going || f < 0 || !failed[f[2:0]])
          $display("MISMATCH iteration=%0d name=%0s index=%0d expected=%0h got=%0h cycle=%0d time=%0d", iter, name, index, expected, got, clocks, $time);
        if (!keep_going || f < 0) $fatal(1, "herd_tb: mismatch");
        else failed[f[2:0]] = 1'b1;
      end
    end
  endtask

  integer t, cyc, i, j, r, rb, wait_rec, held, nb, cmds, sl;
  reg fill;  // +fill: tready stays low until the core has held in DONE for 100 cycles
  reg [16*XB-1:0] got_x;
  reg [16*ZB-1:0] got_z;
  reg [31:0] got_cyc;
  reg [16*WL-1:0] word;
  reg [31:0] val;
  reg [31:0] tw, tw_want;        // t as a 32-bit word, and its expected value
  reg [13:0] runs;               // RUN's argument: more than the testbench lets run
  // A read-back beat: W beat nb (word nb / WL), then b beats, then c beats.
  task take_read;
    begin
      if (nb < WL * WWORDS) begin
        word[(nb % WL) * 16 +: 16] = rd_data;
        if (nb % WL == WL - 1) begin
          j = (nb / WL) % D;
          for (sl = 0; sl < PW; sl = sl + 1) begin
            i = (nb / WL) / D * PW + sl;
            if (i < K)
              check(iters, "w_final", i * D + j, {{(VW-W_W){1'b0}}, exp_w_final[i * D + j]}, {{(VW-W_W){1'b0}}, word[sl * SW +: W_W]});
          end
        end
      end else if (nb < WL * WWORDS + K * BBEATS) begin
        i = nb - WL * WWORDS;
        if (i % BBEATS == 0) val = 32'd0;
        val[(i % BBEATS) * 16 +: 16] = rd_data;
        if (i % BBEATS == BBEATS - 1)
          check(iters, "b_final", i / BBEATS, {{(VW-B_W){1'b0}}, exp_b_final[i / BBEATS]}, {{(VW-32){1'b0}}, val});
      end else begin
        j = nb - WL * WWORDS - K * BBEATS;
        if (j % CBEATS == 0) val = 32'd0;
        val[(j % CBEATS) * 16 +: 16] = rd_data;
        if (j % CBEATS == CBEATS - 1)
          check(iters, "c_final", j / CBEATS, {{(VW-C_W){1'b0}}, exp_c_final[j / CBEATS]}, {{(VW-32){1'b0}}, val});
      end
      check(iters, "rd_last", nb, {{(VW-1){1'b0}}, nb == RBEATS - 1}, {{(VW-1){1'b0}}, rd_last});
      nb = nb + 1;
    end
  endtask

  initial begin
    if (!$value$plusargs("iters=%d", iters) || iters < 1) $fatal(1, "herd_tb: missing +iters=N (N >= 1)");
    iter_every = (iters / 100 > 1) ? iters / 100 : 1;
    open_expected($value$plusargs("x_star=%s", fname), "x_star", fd_x);
    open_expected($value$plusargs("z_star=%s", fname), "z_star", fd_z);
    open_expected($value$plusargs("cycles=%s", fname), "cycles", fd_rc);
    open_expected($value$plusargs("cycles=%s", fname), "cycles", fd_dc);
    open_expected($value$plusargs("overflow=%s", fname), "overflow", fd_ro);
    open_expected($value$plusargs("overflow=%s", fname), "overflow", fd_do);
    if (!$value$plusargs("w_final=%s", fname)) $fatal(1, "herd_tb: missing +w_final=FILE");
    $readmemh(fname, exp_w_final);
    if (!$value$plusargs("b_final=%s", fname)) $fatal(1, "herd_tb: missing +b_final=FILE");
    $readmemh(fname, exp_b_final);
    if (!$value$plusargs("c_final=%s", fname)) $fatal(1, "herd_tb: missing +c_final=FILE");
    $readmemh(fname, exp_c_final);
    if (!$value$plusargs("seed=%d", seed)) seed = SEED;
    rnd_load = (32'h9e3779b9 ^ seed) | 32'd1;  // never 0, where xorshift stays
    rnd_tb = (32'h85ebca6b ^ seed) | 32'd1;
    if (!$value$plusargs("load=%s", fname)) fname = "load.hex";
    $readmemh(fname, beats);
    clocks = 0;
    dump_from = -1;
    dump_to = -1;
    if ($value$plusargs("vcd=%s", dump_name)) begin
      if (!$value$plusargs("dump_from=%d", dump_from)) dump_from = 0;
      if (!$value$plusargs("dump_to=%d", dump_to)) dump_to = -1;
      $dumpfile(dump_name);
      if (dump_from <= 0) $dumpvars;
    end
    keep_going = $test$plusargs("keep_going");
    failed = 7'd0;
    runs = (iters + 6 < 16383) ? iters[13:0] + 14'd6 : 14'd16383;
    bi = 0;
    stall = 1'b0;
    rec_ready = 1'b0;
    rd_ready = 1'b0;
    cq_n = 0;
    cq_i = 0;
    send({OP_RUN, 14'd1});
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
        $display("MISMATCH iteration=0 name=load index=%0d expected=running got=still loading cycle=%0d time=%0d", bi, clocks, $time);
        $fatal(1, "herd_tb: the core did not finish its load");
      end
    end

    // From the first cycle of iteration 1: records and done pulses are checked as they come
    // (a record may arrive after its iteration's done); commands are sent as the run goes
    // (RUN N + 6 once the core is idle after iteration 1, STOP at the done that begins
    // iteration N), until the core is idle with N records taken; a run longer than
    // expected is a cycles mismatch, and a record that does not come within twice the
    // longest iteration fails as missing. Then READ, and the read-back's beats.
    cyc = 0;
    t = 0;
    r = 0;
    rb = 0;
    wait_rec = 0;
    next_record_words(0);
    next_done_words(0);
    if (iters == 1) cmds = 3;
    while (!(cmds == 3 && idle && r == iters)) begin
      rnd_tb = xorshift(rnd_tb);
      rec_ready = rnd_tb[1:0] != 2'd0 && !(fill && held < 100);
      if (dut.hold && dut.has_todo) held = held + 1;  // held with an iteration pending: the buffer is full
      if (rec_valid && rec_ready) begin
        if (rb < XB) got_x[rb*16 +: 16] = rec_data;
        else if (rb < XB + ZB) got_z[(rb-XB)*16 +: 16] = rec_data;
        else if (rb == XB + ZB) got_cyc[15:0] = rec_data;
        else got_cyc[31:16] = {1'b0, rec_data[14:0]};
        check(r + 1, "tlast", rb, {{(VW-1){1'b0}}, rb == RB - 1}, {{(VW-1){1'b0}}, rec_last});
        if (rb == RB - 1) begin
          if (r < iters) begin
            check(r + 1, "x_star", r, {{(VW-D){1'b0}}, exp_x}, {{(VW-16*XB){1'b0}}, got_x});
            check(r + 1, "z_star", r, {{(VW-K){1'b0}}, exp_z}, {{(VW-16*ZB){1'b0}}, got_z});
            check(r + 1, "cycles", r, {{(VW-CW){1'b0}}, exp_rc}, {{(VW-32){1'b0}}, got_cyc});
            check(r + 1, "overflow", r, {{(VW-1){1'b0}}, exp_ro}, {{(VW-1){1'b0}}, rec_data[15]});
            if ((r + 1) % iter_every == 0 || r + 1 == iters) begin
              $display("ITER %0d", r + 1);
              $fflush;  // the progress line now, not when a pipe's buffer fills
            end
            if (r + 1 < iters) next_record_words(r + 1);
          end
          r = r + 1;
          rb = 0;
          wait_rec = 0;
        end else begin
          rb = rb + 1;
        end
      end
      if (fill && held < 100 && cmds == 3 && idle) begin
        $display("MISMATCH iteration=%0d name=hold index=0 expected=a hold got=%0d held cycles cycle=%0d time=%0d", iters, held, clocks, $time);
        $fatal(1, "herd_tb: +fill: the core ran N iterations without holding");
      end
      if (r < iters && !(fill && held < 100)) begin
        wait_rec = wait_rec + 1;
        if (wait_rec > 2 * exp_rc + 64 * RB) begin
          $display("MISMATCH iteration=%0d name=record index=%0d expected=a record got=none cycle=%0d time=%0d", r + 1, r, clocks, $time);
          $fatal(1, "herd_tb: no record");
        end
      end
      if (cmds == 1 && idle) begin
        send({OP_RUN, runs});
        cmds = 2;
      end
      if (!dut.hold) cyc = cyc + 1;
      if (done) begin
        if (t >= iters - 1) check(t + 1, "done", t, {{(VW-1){1'b0}}, 1'b0}, {{(VW-1){1'b0}}, 1'b1});  // a done past N - 1: an iteration too many
        check(t + 1, "cycles", t, {{(VW-CW){1'b0}}, exp_dc}, {{(VW-32){1'b0}}, cyc});
        check(t + 1, "overflow", t, {{(VW-1){1'b0}}, exp_do}, {{(VW-1){1'b0}}, overflow});
        cyc = 0;
        t = t + 1;
        if (t < iters) next_done_words(t);
        if (cmds == 2 && t == iters - 1) begin
          send({OP_STOP, 14'd0});
          cmds = 3;
        end
      end else if (t < iters && cyc > exp_dc) begin
        check(t + 1, "cycles", t, {{(VW-CW){1'b0}}, exp_dc}, {{(VW-32){1'b0}}, cyc});
      end
      @(negedge clk);
    end
    // Iteration N holds in DONE (no iteration pending): N - 1 done pulses.
    tw = t;
    tw_want = iters - 1;
    check(iters, "dones", 0, {{(VW-32){1'b0}}, tw_want}, {{(VW-32){1'b0}}, tw});
    send({OP_READ, 14'd0});
    nb = 0;
    wait_rec = 0;
    while (nb < RBEATS) begin
      rnd_tb = xorshift(rnd_tb);
      rd_ready = rnd_tb[1:0] != 2'd0;
      if (rd_valid && rd_ready) take_read;
      wait_rec = wait_rec + 1;
      if (wait_rec > 16 * RBEATS + 100) begin
        $display("MISMATCH iteration=%0d name=read index=%0d expected=a read-back beat got=none cycle=%0d time=%0d", iters, nb, clocks, $time);
        $fatal(1, "herd_tb: the read-back stopped");
      end
      @(negedge clk);
    end
    rd_ready = 1'b1;
    repeat (8) begin
      @(negedge clk);
      check(iters, "rd_extra", nb, {{(VW-1){1'b0}}, 1'b0}, {{(VW-1){1'b0}}, rd_valid});
    end
    check(iters, "idle", 0, {{(VW-1){1'b0}}, 1'b1}, {{(VW-1){1'b0}}, idle});
    $display("overflow=%0d held=%0d", overflow, held);
    if (failed != 7'd0) begin
      $display("FAIL files=%b", failed);
      $fatal(1, "herd_tb: mismatches");
    end
    $display("PASS");
    $finish;
  end
endmodule

`default_nettype wire
