// herd_record_tb: herd_record under an emulation of the phase machine (the look-ahead
// machine's nx_c_update, nx_done, cyc_n; the core's cyc, in_done, end_c_update, running
// and done a cycle later; has_todo from a pending count the testbench refills now and
// then) for ITERS iterations (one of them longer than 2^16 cycles with LONG = 1), each with
// random x* and z*, read out on m_axis_sample with random tready backpressure (stretches of
// free flow, random and stalled). Checked, against a queue of the records the testbench
// committed:
//   - every beat taken: x* words (bit m of word w is x*_(16w+m), from xs_rd at C_UPDATE
//     cycle 16w+m+1), z* words (from zs_rd[zsel] at cycle 16 XB + k + 1 for z*_k), padding
//     bits 0, then the iteration's cycles (from its first cycle through C_UPDATE and one of
//     DONE: the PRE cycles + CU_LEN + 1) low and {overflow, cycles high}; tlast on a
//     record's last beat only; every record once, in order; no beat without a record,
//     and a committed record offered within a few cycles;
//   - AXI4-Stream: a beat offered and not taken is offered again, unchanged;
//   - the hold: hold_a = nx_done && (!has_todo || F >= SLOTS - 1), F the records committed
//     before this cycle whose last beat has not yet been offered (a slot is free once its
//     last beat is in the output register), and hold is hold_a a cycle late; a record is
//     never committed while SLOTS wait (SLOTS = 256 / its slot, a power of two >= RB).
// xs_rd, zs_rd and zsel are random outside their cycles, cyc_n outside C_UPDATE. Prints
// PASS, or FAIL and stops with a non-zero exit.

`default_nettype none

module herd_record_tb #(
  parameter integer K     = 16,
  parameter integer D     = 64,
  parameter integer PW    = 2,
  parameter integer ITERS = 150,
  parameter integer LONG  = 1,
  parameter integer SEED  = 11
) ();
  localparam integer XB     = (D + 15) / 16;
  localparam integer ZB     = (K + 15) / 16;
  localparam integer CU_LEN = (D + 4 > 16 * (XB + ZB) + 3) ? D + 4 : 16 * (XB + ZB) + 3;
  localparam integer CNTW   = 17;
  localparam integer CYW    = $clog2(CU_LEN + 1) + 1;
  localparam integer RB     = XB + ZB + 2;
  localparam integer SLOTS  = 256 / (1 << ((RB > 2) ? $clog2(RB) : 1));
  localparam integer QN     = 2048;  // the expected beats' queue (more than SLOTS RB)

  reg clk = 1'b0;
  always #5 clk = ~clk;
  reg rst, running, in_done, end_c_update, has_todo, overflow, xs_rd, tready;
  reg [CYW-1:0] cyc, cyc_rand;
  reg [PW-1:0] zs_rd;
  reg [1:0] zsel;
  wire hold_a, hold, tvalid, tlast;
  wire [15:0] tdata;
  // The look-ahead machine: before C_UPDATE (PRE: every other phase of the iteration),
  // C_UPDATE, DONE; its cycle in the phase.
  localparam [1:0] P_IDLE = 2'd0, P_PRE = 2'd1, P_CU = 2'd2, P_DONE = 2'd3;
  reg [1:0] ph;
  integer la_cyc, pre_len;
  wire nx_c_update = ph == P_CU;
  wire nx_done = ph == P_DONE;
  wire [CYW-1:0] cyc_n = (ph == P_CU) ? la_cyc[CYW-1:0] : (ph == P_PRE) ? cyc_rand : {CYW{1'b0}};
  wire done = in_done && !hold;
  herd_record #(.K(K), .D(D), .XB(XB), .ZB(ZB), .PW(PW), .CU_LEN(CU_LEN), .CNTW(CNTW), .CYW(CYW)) dut (
    .clk(clk), .rst(rst), .cyc(cyc), .cyc_n(cyc_n), .nx_c_update(nx_c_update), .nx_done(nx_done),
    .end_c_update(end_c_update), .running(running), .in_done(in_done), .done(done), .has_todo(has_todo),
    .overflow(overflow), .xs_rd(xs_rd), .zs_rd(zs_rd), .zsel(zsel), .hold_a(hold_a), .hold(hold),
    .m_axis_sample_tdata(tdata), .m_axis_sample_tvalid(tvalid), .m_axis_sample_tready(tready),
    .m_axis_sample_tlast(tlast));

  // The iteration's x* and z*; the records' expected beats (a circular queue).
  reg [D-1:0] xs;
  reg [K-1:0] zs;
  reg [15:0] q [0:QN-1];
  reg [15:0] w;
  integer q_head, q_tail, commits, got, beat, starve, i, m, cycles;
  // The pending count; iterations begun; the receiver's mode and its cycles left.
  integer todo, begun, wait_run, mode, mode_left, stalls, t, seed, r;
  // F before this cycle's beat (see above); the stream's previous cycle.
  integer f_acc;
  reg new_last, e_hold_a, e_hold_a_q, p_valid, p_ready, p_last, p_commit, run1;
  reg [15:0] p_data;
  integer n_full, n_todo, n_stall, n_at_slots, n_after, n_spare;

  task fail;
    input [8*48-1:0] what;
    begin
      $display("FAIL cycle %0d, record %0d beat %0d: %0s: tdata %04h tlast %0b, want %04h %0b; hold_a %0b, want %0b (F %0d, SLOTS %0d)",
        t, got, beat, what, tdata, tlast, q[q_head], beat == RB - 1, hold_a, e_hold_a, f_acc - new_last, SLOTS);
      $fatal(1, "herd_record_tb");
    end
  endtask

  initial begin
    seed = SEED;
    rst = 1'b1;
    {running, in_done, end_c_update, overflow, xs_rd, tready, p_valid, p_ready, e_hold_a_q, p_commit} = 0;
    {cyc, cyc_rand, zs_rd, zsel} = 0;
    ph = P_IDLE;
    {la_cyc, pre_len, q_head, q_tail, commits, got, beat, starve, begun, wait_run, mode, mode_left, stalls, t, f_acc} = 0;
    {n_full, n_todo, n_stall, n_at_slots, n_after, n_spare} = 0;
    todo = 2;
    has_todo = 1'b1;
  end

  always @(posedge clk) begin
    t = t + 1;
    // Check this cycle's outputs (the values before the edge).
    new_last = tvalid && tlast && !(p_valid && !p_ready);
    e_hold_a = nx_done && (!has_todo || f_acc - new_last >= SLOTS - 1);
    if (!rst) begin
      if (p_valid && !p_ready && (!tvalid || tdata !== p_data || tlast !== p_last)) fail("a beat not taken changed");
      if (tvalid && q_head == q_tail) fail("a beat with no record");
      // A committed record's beats follow each other while the receiver takes them.
      starve = (q_head != q_tail && !tvalid) ? starve + 1 : 0;
      if (starve > 4) fail("a committed record not offered");
      if (hold_a !== e_hold_a) fail("hold_a");
      if (hold !== e_hold_a_q) fail("hold");
      if (end_c_update && f_acc - new_last >= SLOTS) fail("a record committed into a full buffer");
      if (tvalid && tready) begin
        if (tdata !== q[q_head] || tlast !== (beat == RB - 1)) fail("the beat taken");
        q_head = (q_head + 1) % QN;
        beat = (beat + 1) % RB;
        if (beat == 0) got = got + 1;
      end
    end
    if (tvalid && !tready) n_stall = n_stall + 1;
    if (hold_a && has_todo) n_full = n_full + 1;
    if (hold_a && !has_todo) n_todo = n_todo + 1;
    if (hold_a && has_todo && !end_c_update && f_acc - new_last == SLOTS - 1) n_spare = n_spare + 1;
    if (end_c_update && f_acc - new_last == SLOTS - 1) n_at_slots = n_at_slots + 1;
    if (p_commit && nx_done && has_todo && f_acc - new_last == SLOTS - 1) n_after = n_after + 1;
    p_commit <= end_c_update;
    if (rst) f_acc = 0;
    else f_acc = f_acc + end_c_update - new_last;
    {p_valid, p_ready, p_last, p_data} <= {tvalid, tready, tlast, tdata};
    e_hold_a_q <= !rst && e_hold_a;

    // The commit: the record's expected beats.
    if (end_c_update) begin
      commits = commits + 1;
      for (m = 0; m < XB; m = m + 1) begin
        w = 16'd0;
        for (i = 0; i < 16; i = i + 1) if (16 * m + i < D) w[i] = xs[16 * m + i];
        q[q_tail] = w;
        q_tail = (q_tail + 1) % QN;
      end
      for (m = 0; m < ZB; m = m + 1) begin
        w = 16'd0;
        for (i = 0; i < 16; i = i + 1) if (16 * m + i < K) w[i] = zs[16 * m + i];
        q[q_tail] = w;
        q_tail = (q_tail + 1) % QN;
      end
      cycles = pre_len + CU_LEN + 1;
      q[q_tail] = cycles[15:0];
      q[(q_tail + 1) % QN] = {overflow, 14'd0, cycles[16]};
      q_tail = (q_tail + 2) % QN;
    end

    // The core's state: the look-ahead machine's a cycle later. Its inputs for the next
    // cycle: x*_(c-1) at C_UPDATE cycle c = 1 .. D, z*_k in slot zsel of zs_rd at cycle
    // 16 XB + k + 1; random otherwise.
    rst <= t < 3;
    running <= !rst && (running || ph != P_IDLE);
    cyc <= cyc_n;
    in_done <= !rst && nx_done;
    end_c_update <= !rst && nx_c_update && la_cyc == CU_LEN - 1;
    if (pre_len < 256) cyc_rand <= $random(seed);  // (the long iteration's: one value, for speed)
    r = $random(seed);
    xs_rd <= r[0];
    zs_rd <= r[8:1];
    zsel <= r[10:9];
    if (nx_c_update && la_cyc >= 1 && la_cyc <= D) xs_rd <= xs[la_cyc - 1];
    if (nx_c_update && la_cyc >= 16 * XB + 1 && la_cyc <= 16 * XB + K) begin
      w = r[8:1];
      zsel <= r[13:11] % PW;
      w[r[13:11] % PW] = zs[la_cyc - 16 * XB - 1];
      zs_rd <= w[PW-1:0];
    end

    // The look-ahead machine's step. An iteration begins from IDLE or from DONE not held,
    // and counts the pending count down; the overflow flag may change between records.
    if (rst) begin
      ph <= P_IDLE;
    end else if ((ph == P_IDLE && has_todo && t > 6) || (ph == P_DONE && !hold_a)) begin
      ph <= P_PRE;
      la_cyc <= 0;
      pre_len <= (LONG != 0 && begun == ITERS - 2) ? 65536 + {$random(seed)} % 200 : 1 + {$random(seed)} % 24;
      todo = todo - 1;
      begun = begun + 1;
      r = $random(seed);
      if (r[4:0] == 5'd0) overflow <= !overflow;
    end else if (ph == P_PRE && la_cyc == pre_len - 1) begin
      ph <= P_CU;
      la_cyc <= 0;
      for (i = 0; i < D; i = i + 1) xs[i] = $random(seed);
      for (i = 0; i < K; i = i + 1) zs[i] = $random(seed);
    end else if (ph == P_CU && la_cyc == CU_LEN - 1) begin
      ph <= P_DONE;
      la_cyc <= 0;
    end else if (ph == P_PRE || ph == P_CU) begin
      la_cyc <= la_cyc + 1;
    end
    // RUN: the pending count, refilled a while after DONE runs out of it (up to ITERS
    // iterations), or at once with RUN 1, so that DONE's second cycle is held by the record
    // buffer alone when the commit filled it: a quarter of the time, and in every other
    // stall (the others at once with RUN n, so that iterations follow each other into the
    // full buffer).
    if (ph == P_DONE && !has_todo && begun < ITERS) begin
      if (wait_run == 0) begin
        r = $random(seed);
        run1 = (mode == 2) ? stalls % 2 == 0 : r[1:0] == 2'd0;
        wait_run = (mode == 2 || run1) ? 1 : 1 + {$random(seed)} % 40;
      end
      wait_run = wait_run - 1;
      if (wait_run == 0) todo = run1 ? 1 : 1 + {$random(seed)} % 6;
      if (begun + todo > ITERS) todo = ITERS - begun;
    end
    has_todo <= todo != 0;

    // The receiver: free flow, random or slow, each for up to a few iterations, or (half
    // the time) stalled until the full buffer has held DONE for a few cycles; free at the
    // end.
    if (mode_left == 0) begin
      mode = {$random(seed)} % 6;
      if (mode > 3) mode = 2;
      if (mode == 2) stalls = stalls + 1;
      mode_left = (mode == 2) ? 1 + {$random(seed)} % (3 * RB) : 16 + {$random(seed)} % (3 * (CU_LEN + 12));
    end
    if (mode != 2 || (hold_a && has_todo)) mode_left = mode_left - 1;
    r = $random(seed);
    tready <= begun == ITERS || mode == 0 || (mode == 1 && r[0]) || (mode == 3 && r[2:0] == 3'd0);

    if (commits == ITERS && q_head == q_tail && !tvalid) begin
      repeat (RB + 4) begin
        @(negedge clk);
        if (tvalid) fail("a beat after the last record");
      end
      $display("%0d cycles, records %0d (%0d beats each, %0d slots); DONE held by the buffer %0d cycles (%0d of them with a slot free for the next record after DONE's first cycle), by no RUN %0d; stalls %0d; commits into the last slot %0d, held the cycle after %0d",
        t, got, RB, SLOTS, n_full, n_spare, n_todo, n_stall, n_at_slots, n_after);
      if (n_full == 0 || n_todo == 0 || n_stall == 0 || n_at_slots == 0 || n_after == 0) begin
        $display("FAIL the stimulus did not reach every case");
        $fatal(1, "herd_record_tb");
      end
      $display("PASS");
      $finish;
    end
  end
endmodule

`default_nettype wire
