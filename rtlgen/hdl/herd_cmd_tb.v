// herd_cmd_tb: herd_cmd in a small model of the rest of the core, seeded random command
// streams (RUN n, STOP, READ, the reserved op; tvalid held until taken) and random timing
// (load length, iteration lengths, the record buffer's hold, read-back lengths, resets),
// its outputs checked cycle by cycle against a reference model of the contract
// (docs/hardware.md, "Commands"):
//   - a command is held one at a time: tready is low while one waits;
//   - RUN n makes the pending count n, STOP makes it 0, both in the cycle after they are
//     taken unless a read-back runs; READ starts a read-back (cmd_read, a cycle after it
//     runs) only once the core was idle the cycle before (idle_now read a cycle late);
//     the reserved op is dropped;
//   - an iteration begins (start_n, the first after the load; or the look-ahead phase
//     machine leaves DONE: nx_done && !hold_a) and counts the pending count down, unless a
//     RUN or STOP runs in the same cycle (the command wins: it set the count after);
//   - has_todo is count != 0; idle_now and idle as defined in herd_cmd.
// And, of the model and the block together: READ's read-back starts and runs only while
// the core is idle, and no iteration begins with nothing pending.
// The model: the load ends with ld_finish after a random time; start_n gives load_done,
// then running; the look-ahead machine runs an iteration of random length, then DONE,
// which holds while hold_a (herd_record's: nx_done && (full || !has_todo), full random);
// hold and in_done are hold_a and nx_done a cycle late; cmd_read gives a read-back of
// random length (rd_on). Prints PASS, or FAIL and stops with a non-zero exit.

`default_nettype none

module herd_cmd_tb #(
  parameter integer OP_RUN  = 0,
  parameter integer OP_STOP = 1,
  parameter integer OP_READ = 2,
  parameter integer CYCLES  = 30000,
  parameter integer SEED    = 5
) ();
  localparam [1:0] OPR = OP_RUN, OPS = OP_STOP, OPD = OP_READ;
  localparam [1:0] OPX = OPR ^ OPS ^ OPD;  // the op left over, reserved (0 ^ 1 ^ 2 ^ 3 = 0)
  reg clk = 1'b0;
  always #5 clk = ~clk;

  reg rst;
  reg [15:0] tdata;
  reg tvalid;
  reg running, load_done, ld_finish, rd_on, in_done, hold, nx_done, full;
  wire tready, has_todo, start_n, cmd_read, idle_now, idle;
  wire hold_a = nx_done && (full || !has_todo);
  herd_cmd #(.OP_RUN(OPR), .OP_STOP(OPS), .OP_READ(OPD)) dut (
    .clk(clk), .rst(rst), .s_axis_cmd_tdata(tdata), .s_axis_cmd_tvalid(tvalid), .s_axis_cmd_tready(tready),
    .running(running), .load_done(load_done), .ld_finish(ld_finish), .rd_on(rd_on), .in_done(in_done),
    .hold(hold), .nx_done(nx_done), .hold_a(hold_a), .has_todo(has_todo), .start_n(start_n),
    .cmd_read(cmd_read), .idle_now(idle_now), .idle(idle));

  // The reference model: the held command, the pending count, loaded, idle_now a cycle late,
  // and the read-back to start.
  reg r_held, r_loaded, r_idle_prev, r_read;
  reg [15:0] r_cmd;
  integer r_todo;
  wire [1:0] r_op = r_cmd[15:14];
  wire r_exec = r_held && !rd_on && (r_op != OPD || r_idle_prev);
  wire e_has_todo = r_todo != 0;
  wire e_start_n = !running && !load_done && e_has_todo && (r_loaded || ld_finish);
  wire e_idle_now = r_loaded && !e_has_todo && ((!running && !load_done) || (in_done && hold));
  wire e_idle = e_idle_now && !rd_on && !r_read;
  wire begins = e_start_n || (nx_done && !hold_a);

  // The rest of the core: cycles left of the load, of the iteration before DONE, of the
  // read-back.
  integer ld_left, it_left, rd_left, cyc, seed, r;
  // What the stimulus reached (each must be nonzero).
  integer n_run, n_stop, n_read, n_resv, n_race, n_read_wait, n_rd_block, n_start_ld, n_begin, n_hold_full;

  task fail;
    input [8*40-1:0] what;
    begin
      $display("FAIL cycle %0d: %0s: has_todo=%0b start_n=%0b cmd_read=%0b idle_now=%0b idle=%0b tready=%0b, want %0b %0b %0b %0b %0b %0b (count %0d)",
        cyc, what, has_todo, start_n, cmd_read, idle_now, idle, tready,
        e_has_todo, e_start_n, r_read, e_idle_now, e_idle, !r_held, r_todo);
      $fatal(1, "herd_cmd_tb");
    end
  endtask

  // A random command: RUN with a small count mostly (so that the iterations run out and the
  // core idles), now and then a large one (which a STOP or RUN ends).
  function [15:0] random_cmd;
    input [31:0] x, y;  // random
    reg [13:0] n;
    begin
      n = y[13:0];      // ignored by STOP, READ and the reserved op
      case (x % 8)
        0, 1, 2: random_cmd = {OPR, n % 14'd4};
        3:       random_cmd = {OPR, (y[20:16] == 5'd0) ? 14'h3fff : n % 14'd9};
        4, 5:    random_cmd = {OPS, n};
        6:       random_cmd = {OPD, n};
        default: random_cmd = {OPX, n};
      endcase
    end
  endfunction

  initial begin
    seed = SEED;
    cyc = 0;
    rst = 1'b1;
    {tvalid, running, load_done, ld_finish, rd_on, in_done, hold, nx_done, full} = 0;
    tdata = 16'd0;
    ld_left = 0;
    it_left = 0;
    rd_left = 0;
    {n_run, n_stop, n_read, n_resv, n_race, n_read_wait, n_rd_block, n_start_ld, n_begin, n_hold_full} = 0;
  end

  always @(posedge clk) begin
    // Check this cycle's outputs (the values before the edge).
    if (cyc > 1) begin
      if (has_todo !== e_has_todo) fail("has_todo");
      if (start_n !== e_start_n) fail("start_n");
      if (cmd_read !== r_read) fail("cmd_read");
      if (idle_now !== e_idle_now) fail("idle_now");
      if (idle !== e_idle) fail("idle");
      if (tready !== !r_held) fail("tready");
      if (!rst && (cmd_read || rd_on) && !idle_now) fail("a read-back while not idle");
      if (!rst && begins && !e_has_todo) fail("an iteration begins with none pending");
    end
    // What this cycle reached.
    if (!rst && r_exec) begin
      if (r_op == OPR) n_run = n_run + 1;
      if (r_op == OPS) n_stop = n_stop + 1;
      if (r_op == OPD) n_read = n_read + 1;
      if (r_op == OPX) n_resv = n_resv + 1;
      if ((r_op == OPR || r_op == OPS) && begins) n_race = n_race + 1;
    end
    if (!rst && r_held && r_op == OPD && !rd_on && !r_idle_prev) n_read_wait = n_read_wait + 1;
    if (!rst && r_held && rd_on) n_rd_block = n_rd_block + 1;
    if (!rst && e_start_n && !r_loaded) n_start_ld = n_start_ld + 1;
    if (!rst && begins) n_begin = n_begin + 1;
    if (!rst && nx_done && full && e_has_todo) n_hold_full = n_hold_full + 1;

    // The reference model's step.
    if (rst) begin
      r_held <= 1'b0;
      r_loaded <= 1'b0;
      r_todo <= 0;
    end else begin
      if (tvalid && !r_held) begin
        r_held <= 1'b1;
        r_cmd <= tdata;
      end else if (r_exec) begin
        r_held <= 1'b0;
      end
      if (r_exec && r_op == OPS) r_todo <= 0;
      else if (r_exec && r_op == OPR) r_todo <= r_cmd[13:0];
      else if (begins) r_todo <= r_todo - 1;
      if (ld_finish) r_loaded <= 1'b1;
    end
    r_idle_prev <= !rst && e_idle_now;
    r_read <= !rst && r_exec && r_op == OPD;

    // The command source: AXI4-Stream, a beat held until taken; a new beat at a rate that
    // changes every 512 cycles (1/2, 1/8, 1/64: the core busy, idling, and in between).
    if (tvalid && tready) tvalid <= 1'b0;
    if (!tvalid || tready) begin
      r = $random(seed);
      if (r[5:0] < ((cyc / 512) % 3 == 0 ? 32 : (cyc / 512) % 3 == 1 ? 8 : 1)) begin
        tvalid <= 1'b1;
        tdata <= random_cmd($random(seed), $random(seed));
      end
    end

    // The rest of the core. Resets: at the start and three times more, one or two cycles.
    cyc <= cyc + 1;
    rst <= cyc < 3 || (cyc > 0 && cyc % (CYCLES / 4) == 0) || cyc % (CYCLES / 2) == 1;
    if (rst) begin
      {running, load_done, ld_finish, rd_on, in_done, hold, nx_done} <= 0;
      ld_left <= 1 + {$random(seed)} % 60;
      it_left <= 0;
      rd_left <= 0;
    end else begin
      // The load: ld_finish as its last beat is placed.
      ld_finish <= ld_left == 1;
      if (ld_left != 0) ld_left <= ld_left - 1;
      load_done <= start_n;
      running <= running || load_done;
      // The look-ahead machine: an iteration from start_n or from DONE (not held), then DONE.
      if (start_n || (nx_done && !hold_a)) begin
        nx_done <= 1'b0;
        it_left <= 1 + {$random(seed)} % 12;
      end else if (it_left != 0) begin
        it_left <= it_left - 1;
        if (it_left == 1) nx_done <= 1'b1;
      end
      in_done <= nx_done;
      hold <= hold_a;
      // The record buffer fills and drains: full now and then for a while.
      r = $random(seed);
      if (r[3:0] == 4'd0) full <= !full;
      // The read-back: cmd_read, then rd_on for a random time.
      if (cmd_read) begin
        rd_on <= 1'b1;
        rd_left <= 1 + {$random(seed)} % 20;
      end else if (rd_on) begin
        rd_left <= rd_left - 1;
        if (rd_left == 1) rd_on <= 1'b0;
      end
    end

    if (cyc == CYCLES) begin
      $display("runs %0d, stops %0d, reads %0d, reserved %0d, a command with an iteration's begin %0d, READ waiting %0d, blocked by a read-back %0d, start at the load's end %0d, begins %0d, full holds %0d",
        n_run, n_stop, n_read, n_resv, n_race, n_read_wait, n_rd_block, n_start_ld, n_begin, n_hold_full);
      if (n_run == 0 || n_stop == 0 || n_read == 0 || n_resv == 0 || n_race == 0 || n_read_wait == 0 ||
          n_rd_block == 0 || n_start_ld == 0 || n_begin == 0 || n_hold_full == 0) begin
        $display("FAIL the stimulus did not reach every case");
        $fatal(1, "herd_cmd_tb");
      end
      $display("PASS");
      $finish;
    end
  end
endmodule

`default_nettype wire
