package rtlgen

import (
	"fmt"

	"herdsim/datapath"
)

// The tiled core's command stream (s_axis_cmd): one 16-bit beat a command, the op in bits
// 15:14 and its argument in bits 13:0.
const (
	CmdRun     = 0 // RUN n: the pending count (iterations not yet begun) becomes n
	CmdStop    = 1 // STOP: drop the iterations not yet begun (RUN 0); the running one completes and sends its record
	CmdRead    = 2 // READ: once idle, stream W, b and c out on m_axis_read
	CmdArgBits = 14
	CmdMaxRun  = 1<<CmdArgBits - 1
)

// Cmd is the command beat of op with argument n.
func Cmd(op, n int) uint16 { return uint16(op<<CmdArgBits | n&CmdMaxRun) }

// ReadBeats is the length of the read-back on m_axis_read: W words as three beats each,
// then b and c values as ceil(width/16) beats each (TileLoadStream's order and format,
// without X).
func ReadBeats(a datapath.Arch) int {
	s := a.Sizes()
	bb, cb := (a.Spec(datapath.RegB).Format.Word+15)/16, (a.Spec(datapath.RegC).Format.Word+15)/16
	return 3*s.WWords + a.K*bb + a.D*cb
}

// tiledControl is the Verilog of the commands, the pending-iteration count and the
// read-back engine.
func tiledControl(a datapath.Arch) string {
	return fmt.Sprintf(`
localparam [1:0] OP_RUN = 2'd%d, OP_STOP = 2'd%d, OP_READ = 2'd%d;
reg cmd_v;                      // a command is held until it can run
reg [15:0] cmd_d;
reg [13:0] todo;                // iterations not yet begun
reg loaded;                     // the load is complete
// Idle: loaded, nothing to begin, and either not started or waiting in DONE; the memories
// hold the last iteration's final W, b and c.
wire idle_now = loaded && !has_todo && ((!running && !load_done) || (in_done && hold));
assign idle = idle_now && !rd_on && !cmd_read;
assign s_axis_cmd_tready = !cmd_v;
// RUN and STOP run at once, READ once the core is idle; the reserved op is dropped. RUN and
// STOP take precedence over the count-down of an iteration that begins in the same cycle:
// it began from the old count, as if a cycle earlier. So the pending count's enable reads
// the command register and begin_it, not the phase machine's state.
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
// READ: the memories in the load stream's order and format (W words as three beats, then b
// and c values, low beat first), one beat at a time: the address from the load's counters
// (lr_<part>, into the memories' address registers), two cycles of read, the beat offered
// until taken, which steps the counters as a load beat does (rd_step, the cycle after).
reg [3:0] rd_pipe;              // the beat's address (bit 0), reads (1, 2), data (3)
reg lr_w, lr_b, lr_c;           // the memories take the load counters' address
reg [31:0] rd_bval, rd_cval;
reg [15:0] rd_beat;
always @* begin
  rd_bval = 32'd0;
  rd_bval[B_W-1:0] = b_rd[ld_bs*B_W +: B_W];
  rd_cval = 32'd0;
  rd_cval[C_W-1:0] = c_rd;
  case ({ld_in_w, ld_in_b, ld_in_w ? ld_q : ld_k})
    4'b1000: rd_beat = w_rd[15:0];
    4'b1001: rd_beat = w_rd[31:16];
    4'b1010: rd_beat = w_rd[47:32];
    4'b0100: rd_beat = rd_bval[15:0];
    4'b0101: rd_beat = rd_bval[31:16];
    4'b0001: rd_beat = rd_cval[31:16];
    default: rd_beat = rd_cval[15:0];
  endcase
end
// The stream's tready reaches a register only: the load counters step the cycle after a
// beat is taken (rd_step), not in the same one.
wire rd_take = m_axis_read_tvalid && m_axis_read_tready;
reg rd_step_r;
always @(posedge clk) rd_step_r <= !rst && rd_take && !m_axis_read_tlast;
assign rd_step = rd_step_r;
always @(posedge clk) begin
  {lr_w, lr_b, lr_c} <= 3'b0;
  if (rst) begin
    rd_on <= 1'b0;
    rd_pipe <= 4'b0;
    m_axis_read_tvalid <= 1'b0;
    m_axis_read_tlast <= 1'b0;
  end else if (cmd_read) begin
    rd_on <= 1'b1;
    rd_pipe <= 4'b0001;
  end else if (rd_on) begin
    rd_pipe <= {rd_pipe[2:0], 1'b0};
    if (rd_pipe[0]) {lr_w, lr_b, lr_c} <= {ld_in_w, ld_in_b, ld_in_c};
    if (rd_pipe[3]) begin
      m_axis_read_tdata <= rd_beat;
      m_axis_read_tvalid <= 1'b1;
      m_axis_read_tlast <= ld_n == LD_LAST;
    end
    if (rd_take) begin
      m_axis_read_tvalid <= 1'b0;
      m_axis_read_tlast <= 1'b0;
      if (m_axis_read_tlast) rd_on <= 1'b0;
    end
    if (rd_step) rd_pipe <= 4'b0001;  // the counters step: the next beat's address
  end
end
`, CmdRun, CmdStop, CmdRead)
}
