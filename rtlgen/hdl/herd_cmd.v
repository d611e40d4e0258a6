// herd_cmd: the core's command stream (docs/hardware.md, "Commands"): one 16-bit beat a
// command, the op in bits 15:14 and its argument in bits 13:0. RUN n makes the pending
// count (iterations not yet begun) n, STOP makes it 0 (the running iteration completes),
// READ starts a read-back once the core is idle; the reserved op is dropped. The core
// begins an iteration while the count is not zero and holds in DONE otherwise.

`default_nettype none

module herd_cmd #(
  parameter [1:0] OP_RUN  = 2'd0,  // rtlgen.CmdRun
  parameter [1:0] OP_STOP = 2'd1,  // rtlgen.CmdStop
  parameter [1:0] OP_READ = 2'd2   // rtlgen.CmdRead
) (
  input  wire        clk,
  input  wire        rst,
  input  wire [15:0] s_axis_cmd_tdata,
  input  wire        s_axis_cmd_tvalid,
  output wire        s_axis_cmd_tready,  // low while a command waits to run
  input  wire        running,            // iterations run (herd_load)
  input  wire        load_done,          // the load is done: running next cycle
  input  wire        ld_finish,          // the load's last beat is placed
  input  wire        rd_on,              // a read-back runs
  input  wire        in_done,            // the core is in DONE
  input  wire        hold,               // DONE holds
  input  wire        nx_done,            // the look-ahead phase machine is in DONE
  input  wire        hold_a,             // and holds there
  output reg         has_todo,           // an iteration is pending
  output wire        start_n,            // the first iteration begins next cycle
  output wire        cmd_read,           // READ starts a read-back
  output wire        idle_now,           // loaded, nothing to begin, stopped or waiting in DONE
  output wire        idle                // and no read-back runs or starts
);
  reg cmd_v;                      // a command is held until it can run
  reg [15:0] cmd_d;
  reg [13:0] todo;                // iterations not yet begun
  reg loaded;                     // the load is complete
  // Idle: the memories hold the last iteration's final W, b and c.
  assign idle_now = loaded && !has_todo && ((!running && !load_done) || (in_done && hold));
  assign idle = idle_now && !rd_on && !cmd_read;
  assign s_axis_cmd_tready = !cmd_v;
  // RUN and STOP take precedence over the count-down of an iteration that begins in the same
  // cycle: it began from the old count, as if a cycle earlier. So the pending count's enable
  // reads the command register and begin_it, not the phase machine's state.
  wire cmd_run = cmd_v && !rd_on && cmd_d[15:14] == OP_RUN;
  wire cmd_stop = cmd_v && !rd_on && cmd_d[15:14] == OP_STOP;
  // READ reads idle_now a cycle late (read_ok): the core stays idle while the READ waits in
  // cmd_v, since only a command (RUN) ends idleness and commands run one at a time.
  reg read_ok;
  always @(posedge clk) read_ok <= !rst && idle_now;
  wire cmd_exec = cmd_v && !rd_on && (cmd_d[15:14] != OP_READ || read_ok);
  // READ starts the read-back a cycle after it runs: a register, so that the command's
  // conditions do not reach the load counters' enables in the same cycle.
  reg cmd_read_r;
  always @(posedge clk) cmd_read_r <= !rst && cmd_exec && cmd_d[15:14] == OP_READ;
  assign cmd_read = cmd_read_r;
  // An iteration begins: the first after the load, or the look-ahead machine leaves DONE.
  assign start_n = !running && !load_done && has_todo && (loaded || ld_finish);
  wire begin_it = start_n || (nx_done && !hold_a);
  always @(posedge clk) begin
    if (rst) begin
      cmd_v <= 1'b0;
      todo <= 14'd0;
      has_todo <= 1'b0;
      loaded <= 1'b0;
    end else begin
      if (s_axis_cmd_tvalid && !cmd_v) begin
        cmd_v <= 1'b1;
        cmd_d <= s_axis_cmd_tdata;
      end else if (cmd_exec) begin
        cmd_v <= 1'b0;
      end
      if (cmd_stop) begin
        todo <= 14'd0;
        has_todo <= 1'b0;
      end else if (cmd_run) begin
        todo <= cmd_d[13:0];
        has_todo <= cmd_d[13:0] != 14'd0;
      end else if (begin_it) begin
        todo <= todo - 14'd1;
        has_todo <= todo != 14'd1;
      end
      if (ld_finish) loaded <= 1'b1;
    end
  end
endmodule

`default_nettype wire
