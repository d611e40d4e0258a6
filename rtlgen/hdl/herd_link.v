// herd_link: the board's host link (docs/link.md): UART 8N1, BAUD_DIV
// clocks a bit, frames of SYNC, type, seq, length, payload and a CRC-16 both ways, between
// a host and herd_core's four streams.
//
// The host's frames (IDENT, RESET, LOAD, CMD, GRANT) are received whole into a block RAM,
// checked and carried out, then answered (ACK with a status, or the IDENT reply). LOAD and
// CMD offer the payload's beats to the core's load and command streams, each beat for one
// cycle: a LOAD beat the core does not take is refused (NOLOAD: it is not loading), a CMD
// beat too (BUSY: a command still waits in the core, as READ does until the iterations
// end), so that no frame holds the receiver while the core is busy; a CMD frame while the
// core still loads (its load tready high: the stream so far is shorter than the design's)
// is refused whole (LOADING), so a wrong load stream is named, not a silent hang; GRANT adds
// credits;
// RESET resets the core (core_rst) between outgoing frames. A frame whose seq repeats the
// last one carried out is a retransmission (its ACK was lost): it is answered, not carried
// out again. IDENT starts a session (no seq is remembered from before it) and RESET is
// always carried out (resetting twice is resetting once), so no host fails on the seq
// another host left behind. A frame whose bytes stop for 2^QUIET_LOG2 clocks is dropped
// unanswered, so that a truncated frame does not swallow the next one. The core's records and read-back leave as RECORD and READ frames, one per credit
// the host granted, so the host is never sent more than it has room for and the core holds
// instead of dropping anything. The protocol's constants are parameters whose defaults are
// rtlgen/link.go's numbers (TestLinkConstants compares them); herd_board sets the silence.

`default_nettype none

module herd_link #(
  parameter integer BAUD_DIV  = 10,           // clocks a UART bit
  parameter integer QUIET_LOG2 = 19,          // a frame silent for 2^QUIET_LOG2 clocks is dropped (rtlgen.LinkQuietLog2)
  parameter [8:0]   REC_LAST  = 9'd11,        // a record's last payload byte: 2 RB - 1
  parameter [95:0]  IDENT     = 96'h0,        // the IDENT reply's payload, byte 0 in bits 7:0
  parameter [7:0]   SYNC      = 8'ha5,
  parameter [7:0]   F_IDENT   = 8'h49, F_RESET = 8'h5a, F_LOAD = 8'h4c, F_CMD = 8'h43, F_GRANT = 8'h47,
  parameter [7:0]   F_ACK     = 8'h41, F_IDREP = 8'h69, F_RECORD = 8'h52, F_READ = 8'h42,
  parameter [2:0]   ST_OK     = 3'd0, ST_CRC = 3'd1, ST_TYPE = 3'd2, ST_NOLOAD = 3'd3, ST_BUSY = 3'd4, ST_LOADING = 3'd5
) (
  input  wire        clk,
  input  wire        rst,
  input  wire        rx,              // UART from the host
  output wire        tx,              // UART to the host
  output reg         core_rst,        // RESET: the core's reset
  output wire        t_frame,         // a frame is being sent
  // the core's streams
  output wire [15:0] beat,            // a LOAD or CMD frame's beat, offered to the core
  output wire        ld_valid,
  input  wire        ld_ready,
  output wire        cmd_valid,
  input  wire        cmd_ready,
  input  wire [15:0] rec_data,        // the core's records
  input  wire        rec_valid,
  output wire        rec_ready,
  input  wire [15:0] rd_data,         // and its read-back
  input  wire        rd_valid,
  output wire        rd_ready,
  input  wire        rd_last
);
  wire rx_stb;
  wire [7:0] rx_byte;
  herd_uart_rx #(.BAUD_DIV(BAUD_DIV)) uart_rx (.clk(clk), .rst(rst), .rx(rx), .stb(rx_stb), .data(rx_byte));

  // Frames from the host: the header into registers, the payload's beats (low byte first)
  // into a block RAM, the CRC checked; then the frame is carried out (R_EXEC) and answered.
  localparam [3:0] R_SYNC = 4'd0, R_TYPE = 4'd1, R_SEQ = 4'd2, R_LEN = 4'd3, R_PAY = 4'd4,
                   R_CRC0 = 4'd5, R_CRC1 = 4'd6, R_CHECK = 4'd7, R_EXEC = 4'd8;
  reg [3:0] rs;
  reg ft_ident, ft_reset, ft_load, ft_cmd, ft_grant;  // the frame's type, one-hot (none: unknown)
  reg [7:0] f_seq, f_n, f_lo, f_first;                // seq, payload beats, a low byte, GRANT's n
  reg [8:0] f_cnt;                                    // payload bytes received
  reg [7:0] fb_ra;
  wire [15:0] fb_rd;
  herd_ram #(.W(16), .DEPTH(256)) fbuf (.clk(clk), .we(!rst && rs == R_PAY && rx_stb && f_cnt[0]), .wa(f_cnt[8:1]),
    .wd({rx_byte, f_lo}), .re(1'b1), .ra(fb_ra), .rd(fb_rd));
  assign beat = fb_rd;
  wire [15:0] rcrc;
  wire rcrc_busy;
  herd_crc16 rcrc_unit (.clk(clk), .init(rx_stb && rs == R_SYNC), .go(rx_stb && rs != R_SYNC && rs != R_CHECK && rs != R_EXEC),
    .data(rx_byte), .crc(rcrc), .busy(rcrc_busy));
  wire x_done;                     // the frame is carried out and answered
  reg r_crc;                       // answer a frame whose CRC failed
  // The next payload byte is the last: registered from f_cnt, which stands still for the
  // 10 BAUD_DIV cycles between bytes, so the byte's arrival reaches no compare.
  reg f_at_last;
  always @(posedge clk) f_at_last <= f_cnt == {f_n - 8'd1, 1'b1};
  // Clocks since the frame's last byte; the top bit drops the frame (a register: the
  // compare reaches no state logic).
  reg [QUIET_LOG2:0] quiet;
  wire in_frame = rs != R_SYNC && rs != R_CHECK && rs != R_EXEC;
  always @(posedge clk)
    if (rst || !in_frame || rx_stb) quiet <= {(QUIET_LOG2+1){1'b0}};
    else if (!quiet[QUIET_LOG2]) quiet <= quiet + 1'b1;
  always @(posedge clk) begin
    r_crc <= 1'b0;
    if (rst || quiet[QUIET_LOG2]) begin
      rs <= R_SYNC;
    end else begin
      case (rs)
        R_SYNC: if (rx_stb && rx_byte == SYNC) rs <= R_TYPE;
        R_TYPE: if (rx_stb) begin
          {ft_ident, ft_reset, ft_load, ft_cmd, ft_grant} <= {rx_byte == F_IDENT, rx_byte == F_RESET,
            rx_byte == F_LOAD, rx_byte == F_CMD, rx_byte == F_GRANT};
          rs <= R_SEQ;
        end
        R_SEQ: if (rx_stb) begin f_seq <= rx_byte; rs <= R_LEN; end
        R_LEN: if (rx_stb) begin
          f_n <= rx_byte;
          f_cnt <= 9'd0;
          rs <= (rx_byte == 8'd0) ? R_CRC0 : R_PAY;
        end
        R_PAY: if (rx_stb) begin
          f_cnt <= f_cnt + 9'd1;
          if (!f_cnt[0]) f_lo <= rx_byte;
          if (f_cnt == 9'd0) f_first <= rx_byte;
          if (f_at_last) rs <= R_CRC0;                   // the payload's last byte
        end
        R_CRC0: if (rx_stb) rs <= R_CRC1;
        R_CRC1: if (rx_stb) rs <= R_CHECK;
        R_CHECK: if (!rcrc_busy) begin
          r_crc <= rcrc != 16'h0000;
          rs <= (rcrc != 16'h0000) ? R_SYNC : R_EXEC;
        end
        R_EXEC: if (x_done) rs <= R_SYNC;
        default: rs <= R_SYNC;
      endcase
    end
  end

  // Carrying out a frame.
  localparam [2:0] X_IDLE = 3'd0, X_ADDR = 3'd1, X_WAIT = 3'd2, X_OFFER = 3'd3, X_RESET = 3'd4,
                   X_TAKEN = 3'd5;
  reg [2:0] xs;
  reg [7:0] p_i;                   // the payload's beat being offered
  reg p_on, p_took, p_lastb;       // fb_rd is offered to the load (ft_load) or command stream
  reg [7:0] last_seq;              // the last frame carried out
  reg have_last;
  // What the frame asks is settled long before it is carried out (its type and seq with its
  // first bytes, last_seq with the previous frame's end, the core's loading any time), so it
  // is decided in registers and X_IDLE reads one flip-flop a case:
  //   f_dup      it repeats the last frame carried out (its ACK was lost), and is no RESET;
  //   f_loading  a CMD frame with beats while the core still takes load beats.
  reg f_dup, f_loading, loading;
  always @(posedge clk) begin
    loading <= ld_ready;
    f_dup <= have_last && f_seq == last_seq && !ft_reset;
    f_loading <= ft_cmd && loading && f_n != 8'd0;
  end
  reg [7:0] credit;                // RECORD and READ frames the host has room for
  reg x_rst;                       // a RESET is carried out: no RECORD or READ frame may start
  reg [2:0] rst_n;                 // RESET: cycles of core reset left
  reg x_reply, x_ident;            // answer the frame (x_ident: with the IDENT reply)
  reg [2:0] x_st;
  assign ld_valid = p_on && ft_load;
  assign cmd_valid = p_on && ft_cmd;
  wire p_take = (ld_valid && ld_ready) || (cmd_valid && cmd_ready);
  wire [8:0] credit_sum = {1'b0, credit} + {1'b0, f_first};
  wire t_take_credit;              // the transmitter starts a RECORD or READ frame
  // The credit a frame takes is counted a cycle later (take_q), and the transmitter sees
  // "credit left" from a register (credit_nz): the core's tvalid then reaches the
  // transmitter's state and take_q, not the credit's adder. A frame lasts far longer than
  // the two cycles either lags, so no second frame can start on a stale count.
  reg take_q, credit_nz;
  always @(posedge clk) begin
    take_q <= !rst && t_take_credit;
    credit_nz <= credit != 8'd0;
  end
  assign x_done = x_reply;
  always @(posedge clk) begin
    x_reply <= 1'b0;
    if (rst) begin
      xs <= X_IDLE;
      p_on <= 1'b0;
      have_last <= 1'b0;
      credit <= 8'd0;
      core_rst <= 1'b0;
      x_rst <= 1'b0;
    end else begin
      if (take_q) credit <= credit - 8'd1;
      case (xs)
        X_IDLE: if (rs == R_EXEC && !x_reply) begin
          x_ident <= ft_ident;
          x_st <= ST_OK;
          p_i <= 8'd0;
          rst_n <= 3'd7;                               // used by RESET alone
          if (ft_ident) begin
            have_last <= 1'b0;                         // a session starts
            x_reply <= 1'b1;
          end else if (f_dup) begin
            x_reply <= 1'b1;                           // a retransmission: answer only
          end else if (ft_grant) begin
            credit <= credit_sum[8] ? 8'hff : credit_sum[7:0] - {7'd0, take_q};
            {last_seq, have_last} <= {f_seq, 1'b1};
            x_reply <= 1'b1;
          end else if (ft_reset) begin
            credit <= 8'd0;
            x_rst <= 1'b1;
            xs <= X_RESET;
          end else if (f_loading) begin
            x_st <= ST_LOADING;                        // the load is not complete
            x_reply <= 1'b1;
          end else if (ft_load || ft_cmd) begin
            if (f_n == 8'd0) begin
              {last_seq, have_last} <= {f_seq, 1'b1};
              x_reply <= 1'b1;
            end else begin
              xs <= X_ADDR;
            end
          end else begin
            x_st <= ST_TYPE;
            x_reply <= 1'b1;
          end
        end
        X_ADDR: begin fb_ra <= p_i; xs <= X_WAIT; end
        X_WAIT: begin                                  // the block RAM reads
          p_on <= 1'b1;
          p_lastb <= p_i + 8'd1 == f_n;                // the payload's last beat
          xs <= X_OFFER;
        end
        // The offer lasts one cycle (a beat is taken at once, or the frame is refused);
        // X_TAKEN acts on the handshake a cycle later, from a register, so the core's tready
        // reaches p_took alone, not the state's and p_on's enables.
        X_OFFER: begin
          p_took <= p_take;
          p_on <= 1'b0;
          xs <= X_TAKEN;
        end
        X_TAKEN: if (p_took) begin
          p_i <= p_i + 8'd1;
          if (p_lastb) begin
            {last_seq, have_last} <= {f_seq, 1'b1};
            x_reply <= 1'b1;
            xs <= X_IDLE;
          end else begin
            xs <= X_ADDR;
          end
        end else begin
          x_st <= ft_load ? ST_NOLOAD : ST_BUSY;
          x_reply <= 1'b1;
          xs <= X_IDLE;
        end
        X_RESET: if (!t_frame) begin                   // between outgoing frames
          credit <= 8'd0;
          core_rst <= rst_n != 3'd0;
          rst_n <= rst_n - 3'd1;
          if (rst_n == 3'd0) begin
            {last_seq, have_last} <= {f_seq, 1'b1};
            x_reply <= 1'b1;
            x_rst <= 1'b0;
            xs <= X_IDLE;
          end
        end
        default: xs <= X_IDLE;
      endcase
    end
  end

  // Frames to the host, one at a time: a pending reply first, else a record, else a chunk
  // of the read-back (at most 256 beats), each of the last two only with a credit. The
  // payload's beats are taken from the core's stream as their low byte goes out.
  localparam [2:0] T_IDLE = 3'd0, T_SYNC = 3'd1, T_TYPE = 3'd2, T_SEQ = 3'd3, T_PAY = 3'd4, T_CRCH = 3'd5, T_CRCL = 3'd6;
  localparam [1:0] K_ACK = 2'd0, K_IDENT = 2'd1, K_RECORD = 2'd2, K_READ = 2'd3;
  reg [2:0] ts;
  reg [1:0] t_kind;
  reg [7:0] t_seq, rec_seq, rd_seq;
  reg [8:0] t_cnt;                 // payload bytes sent
  reg t_pad;                       // READ: the read-back ended, zeros to the frame's end
  reg r_pend, r_ident;             // a reply waits: ACK (r_st, r_seq) or the IDENT reply
  reg [2:0] r_st;
  reg [7:0] r_seq;
  wire tb_idle;                    // the UART is idle
  wire tb_load;                    // the UART takes tb_byte this cycle
  reg [7:0] tb_byte;
  assign t_frame = ts != T_IDLE;
  wire want_rec = credit_nz && rec_valid;
  wire want_rd = credit_nz && rd_valid;
  // No RECORD or READ frame starts once a RESET is being carried out: its core reset comes
  // between frames, and a frame begun in the reset's first cycle would wait for beats of a
  // core in reset, holding the reset back, for ever.
  assign t_take_credit = ts == T_IDLE && !r_pend && !x_rst && (want_rec || want_rd);
  wire t_core = t_kind[1];         // RECORD or READ: the payload comes from the core
  // The core's beat is taken into hb first (tready from registers only, so that the
  // transmitter's logic does not reach into the core's stream logic), then sent from there.
  reg hb_v, hb_last;
  reg [15:0] hb_data;
  wire t_core_rdy = t_pad || hb_v;
  wire [15:0] t_core_data = t_pad ? 16'h0000 : hb_data;
  reg [8:0] t_last;                // the payload's last byte
  always @* begin
    case (t_kind)
      K_ACK: t_last = 9'd0;
      K_IDENT: t_last = 9'd11;
      K_RECORD: t_last = REC_LAST;
      default: t_last = 9'd511;
    endcase
  end
  // The CRC needs 9 cycles after a byte is taken, a byte takes 10 BAUD_DIV: it is never busy
  // when the UART is idle. The UART takes a byte a cycle after the transmitter can send one
  // (tb_load, a register): what allows it (the state, the idle UART, the core's beat in hb)
  // holds until the byte is taken, and the UART is busy for 10 BAUD_DIV cycles after it, so
  // the decision starts at a flip-flop instead of reaching through the payload's readiness
  // into every enable.
  reg tb_load_q;
  always @(posedge clk)
    tb_load_q <= !rst && !tb_load_q && ts != T_IDLE && tb_idle && (ts != T_PAY || !t_core || t_core_rdy);
  assign tb_load = tb_load_q;
  // hb empties as its beat's high byte goes out (t_beat).
  wire t_beat = ts == T_PAY && tb_load && t_core && t_cnt[0] && !t_pad;
  // The streams' tready are registers: hb is empty, the frame's payload is under way, and no
  // beat is taken this cycle. Each beat then costs a cycle more (bytes are 10 BAUD_DIV
  // cycles apart), and the core's output logic sees a flip-flop, not the transmitter's state.
  wire hb_take = (rec_valid && rec_ready) || (rd_valid && rd_ready);
  reg rec_ready_q, rd_ready_q;
  always @(posedge clk) begin
    rec_ready_q <= !rst && !hb_take && !hb_v && ts == T_PAY && t_kind == K_RECORD;
    rd_ready_q <= !rst && !hb_take && !hb_v && ts == T_PAY && t_kind == K_READ && !t_pad;
  end
  assign rec_ready = rec_ready_q;
  assign rd_ready = rd_ready_q;
  always @(posedge clk) begin
    if (rst || ts == T_IDLE) begin
      hb_v <= 1'b0;
    end else if (hb_take) begin
      hb_v <= 1'b1;
      hb_data <= rec_ready ? rec_data : rd_data;
      hb_last <= rd_ready && rd_last;
    end else if (t_beat) begin
      hb_v <= 1'b0;
    end
  end
  wire [7:0] ident_b = IDENT[{t_cnt[3:0], 3'b000} +: 8];
  wire [15:0] tcrc;
  always @* begin
    case (ts)
      T_SYNC: tb_byte = SYNC;
      T_TYPE: tb_byte = (t_kind == K_ACK) ? F_ACK : (t_kind == K_IDENT) ? F_IDREP : (t_kind == K_RECORD) ? F_RECORD : F_READ;
      T_SEQ: tb_byte = t_seq;
      T_PAY: tb_byte = t_core ? (t_cnt[0] ? t_core_data[15:8] : t_core_data[7:0]) : (t_kind == K_ACK ? {5'd0, r_st} : ident_b);
      T_CRCH: tb_byte = tcrc[15:8];
      default: tb_byte = tcrc[7:0];
    endcase
  end
  /* verilator lint_off PINCONNECTEMPTY */  // the transmitter's CRC is never busy when it is read
  herd_crc16 tcrc_unit (.clk(clk), .init(tb_load && ts == T_SYNC), .go(tb_load && ts != T_SYNC && ts != T_CRCH && ts != T_CRCL),
    .data(tb_byte), .crc(tcrc), .busy());
  /* verilator lint_on PINCONNECTEMPTY */
  always @(posedge clk) begin
    if (x_reply) {r_pend, r_ident, r_st, r_seq} <= {1'b1, x_ident, x_st, f_seq};
    if (r_crc) {r_pend, r_ident, r_st, r_seq} <= {1'b1, 1'b0, ST_CRC, f_seq};
    if (rst || core_rst) begin
      rec_seq <= 8'd0;
      rd_seq <= 8'd0;
    end
    if (rst) begin
      ts <= T_IDLE;
      r_pend <= 1'b0;
    end else if (ts == T_IDLE) begin
      t_cnt <= 9'd0;
      t_pad <= 1'b0;
      if (r_pend && !x_reply && !r_crc) begin
        r_pend <= 1'b0;
        t_kind <= r_ident ? K_IDENT : K_ACK;
        t_seq <= r_seq;
        ts <= T_SYNC;
      end else if (t_take_credit) begin
        t_kind <= want_rec ? K_RECORD : K_READ;
        t_seq <= want_rec ? rec_seq : rd_seq;
        if (want_rec) rec_seq <= rec_seq + 8'd1;
        else rd_seq <= rd_seq + 8'd1;
        ts <= T_SYNC;
      end
    end else if (tb_load) begin
      if (t_beat && hb_last) t_pad <= 1'b1;
      if (ts == T_PAY) begin
        t_cnt <= t_cnt + 9'd1;
        if (t_cnt == t_last) ts <= T_CRCH;
      end else if (ts == T_CRCL) begin
        ts <= T_IDLE;
      end else begin
        ts <= ts + 3'd1;
      end
    end
  end
  herd_uart_tx #(.BAUD_DIV(BAUD_DIV)) uart_tx (.clk(clk), .rst(rst), .load(tb_load), .data(tb_byte), .idle(tb_idle), .tx(tx));
`ifdef FORMAL
  // The receiver cannot wedge (sim.ProveLink proves this by k-induction, for every input
  // sequence and every core behaviour): after its last byte, the receiver is back in R_SYNC
  // within 2^QUIET_LOG2 + 1 cycles when the frame was cut short, and within
  // F_EXEC_MOST + 10 cycles when it was a whole frame, not counting the cycles a RESET
  // waits for an outgoing frame to end (the core reset comes between frames). The proof
  // cuts the receiver's CRC unit out and assumes its contract, which herd_crc16's own
  // FORMAL block proves: busy falls within 9 cycles of a byte.
  localparam integer F_EXEC_MOST = 4 * 255 + 1;        // 255 beats of 4 cycles, the reply
  localparam integer F_QUIET_MOST = 1 << QUIET_LOG2;
  localparam integer FSW = QUIET_LOG2 > 10 ? QUIET_LOG2 + 2 : 12;  // f_silent's width
  localparam integer F_EXEC_SILENT = F_EXEC_MOST + 10;
  localparam [FSW-1:0] F_QUIET_BOUND = F_QUIET_MOST[FSW-1:0], F_EXEC_BOUND = F_EXEC_SILENT[FSW-1:0];
  reg f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  always @* if (!f_past) assume(rst);
  wire rcrc_go = rx_stb && rs != R_SYNC && rs != R_CHECK && rs != R_EXEC;
  reg f_rgo = 1'b0;                // the receiver's CRC has had a byte
  reg [3:0] f_rage;                // cycles since it took its last byte
  always @(posedge clk)
    if (rcrc_go) {f_rgo, f_rage} <= {1'b1, 4'd0};
    else if (f_rage != 4'd15) f_rage <= f_rage + 4'd1;
  always @* if (f_rgo && f_rage >= 4'd9) assume(!rcrc_busy);
  // f_stall: the executor waits for something outside the receiver (a RESET for an
  // outgoing frame's end); f_work: cycles of carrying out the frame, stalls not counted;
  // f_silent: cycles since the last byte, stalls not counted.
  wire f_stall = xs == X_RESET && t_frame;
  reg [10:0] f_work;
  reg [FSW-1:0] f_silent;
  always @(posedge clk) begin
    if (rst || rs != R_EXEC) f_work <= 11'd0;
    else if (!f_stall) f_work <= f_work + 11'd1;
    if (rst || rx_stb) f_silent <= {FSW{1'b0}};
    else if (!f_stall && f_silent != {FSW{1'b1}}) f_silent <= f_silent + 1'b1;
  end
  wire [FSW-1:0] f_work_w = {{(FSW - 11){1'b0}}, f_work};
  wire [FSW-1:0] f_rage_w = {{(FSW - 4){1'b0}}, f_rage};
  wire [10:0] f_beat4 = {1'b0, p_i, 2'b00};           // 4 cycles a beat carried out
  always @* if (f_past && !rst) begin
    // The receiver: a frame in progress counts its silence; the CRC check is short.
    if (in_frame) assert({{(FSW - QUIET_LOG2 - 1){1'b0}}, quiet} == f_silent);
    if (rs == R_CHECK) assert(f_rgo && f_silent <= f_rage_w && f_rage <= 4'd9);
    // The executor runs only while a frame is carried out, 4 cycles a beat.
    if (xs != X_IDLE || x_reply) assert(rs == R_EXEC);
    if (rs == R_EXEC) begin
      assert(f_silent <= f_work_w + 10);
      assert(f_work <= F_EXEC_MOST[10:0]);
      if (xs == X_IDLE) assert(x_reply || f_work == 11'd0);
      if (xs == X_ADDR) assert(f_work == f_beat4 + 11'd1 && p_i < f_n);
      if (xs == X_WAIT) assert(f_work == f_beat4 + 11'd2 && p_i < f_n);
      if (xs == X_OFFER) assert(f_work == f_beat4 + 11'd3 && p_i < f_n && p_lastb == (p_i + 8'd1 == f_n));
      if (xs == X_TAKEN) assert(f_work == f_beat4 + 11'd4 && p_i < f_n && p_lastb == (p_i + 8'd1 == f_n));
      if (xs == X_RESET) assert(f_work == 11'd8 - {8'd0, rst_n});
      assert(xs <= X_TAKEN);
    end
    // The property: silent long enough, the receiver is idle.
    assert(rs == R_SYNC || (in_frame ? f_silent <= F_QUIET_BOUND : f_silent <= F_EXEC_BOUND));
  end
  // The transmitter: every outgoing frame ends within F_FRAME_MOST cycles (so a RESET's
  // wait is bounded too), given the UART's contract (herd_uart_tx's FORMAL block proves
  // it; the proof cuts the UART out) and the core's: a stream the link reads from offers
  // its next beat within F_CORE_WAIT cycles of tready, until its read-back's last beat.
  localparam integer F_CORE_WAIT_I = 16;
  localparam [4:0] F_CORE_WAIT = F_CORE_WAIT_I[4:0];
  localparam integer F_BYTE = 10 * BAUD_DIV;                      // a byte on the line
  localparam integer F_BT_MOST = F_BYTE + F_CORE_WAIT_I + 4;      // from byte to byte
  localparam integer F_FRAME_MOST = (511 + 6) * (F_BT_MOST + 1);  // the longest frame
  localparam integer FTW = $clog2(F_BT_MOST + 2) + 1;
  localparam integer FFW = $clog2(F_FRAME_MOST + 2) + 1;
  localparam [FTW-1:0] F_BYTE_W = F_BYTE[FTW-1:0], F_BT_BOUND = F_BT_MOST[FTW-1:0];
  localparam [FFW-1:0] F_FRAME_BOUND = F_FRAME_MOST[FFW-1:0];
  localparam integer F_BT_STEP = F_BT_MOST + 1;
  localparam [FFW-1:0] F_STEP = F_BT_STEP[FFW-1:0];
  reg f_tload = 1'b0;              // the UART has taken a byte since reset
  reg [FTW-1:0] f_tage, f_bt;      // cycles since its last byte; since the frame's last byte or start
  reg [FFW-1:0] f_frame;           // cycles since the frame started
  reg [4:0] f_cwait;               // cycles a stream the link reads has offered nothing
  reg f_rd_done;                   // the read-back's last beat is taken: the core owes no beat
  wire f_asked = (rec_ready && !rec_valid) || (rd_ready && !rd_valid && !f_rd_done);
  always @(posedge clk) begin
    if (rst) f_tload <= 1'b0;
    else if (tb_load) {f_tload, f_tage} <= {1'b1, {FTW{1'b0}}};
    else if (f_tage != F_BYTE_W) f_tage <= f_tage + 1'b1;
    if (rst || tb_load || ts == T_IDLE) f_bt <= {FTW{1'b0}};
    else if (f_bt != {FTW{1'b1}}) f_bt <= f_bt + 1'b1;
    if (rst || ts == T_IDLE) f_frame <= {FFW{1'b0}};
    else if (f_frame != {FFW{1'b1}}) f_frame <= f_frame + 1'b1;
    if (rst) f_rd_done <= 1'b0;
    else if (rd_valid && rd_ready && rd_last) f_rd_done <= 1'b1;
    else if (rd_valid) f_rd_done <= 1'b0;
    if (rst || !f_asked) f_cwait <= 5'd0;
    else if (f_cwait != 5'd31) f_cwait <= f_cwait + 5'd1;
  end
  always @* if (f_past && !rst) begin
    if (!f_tload || f_tage == F_BYTE_W) assume(tb_idle);            // the UART's contract
    if (f_cwait >= F_CORE_WAIT) assume(!f_asked);                    // the core's
  end
  wire f_wait_core = ts == T_PAY && t_core && !t_pad && !hb_v;       // the payload waits for a beat
  wire f_ready_q = t_kind == K_RECORD ? rec_ready : rd_ready;
  reg [FFW-1:0] f_bytes;           // the frame's bytes loaded into the UART
  always @* begin
    case (ts)
      T_SYNC: f_bytes = {FFW{1'b0}};
      T_TYPE: f_bytes = 1;
      T_SEQ: f_bytes = 2;
      T_PAY: f_bytes = {{(FFW - 9){1'b0}}, t_cnt} + 3;
      T_CRCH: f_bytes = {{(FFW - 9){1'b0}}, t_last} + 4;
      default: f_bytes = {{(FFW - 9){1'b0}}, t_last} + 5;
    endcase
  end
  always @* if (f_past && !rst && f_tload) assert(f_tage <= F_BYTE_W);
  always @* if (f_past && !rst && t_frame) begin
    assert(ts <= T_CRCL && (ts != T_PAY || t_cnt <= t_last));
    if (ts < T_PAY) assert(t_cnt == 9'd0 && !t_pad && !hb_v);
    if (t_kind == K_READ && f_rd_done) assert(t_pad || (hb_v && hb_last));
    if (f_tload) assert(f_bt <= F_BYTE_W ? f_tage >= f_bt : f_tage == F_BYTE_W);
    if (f_wait_core && f_bt != {FTW{1'b0}}) assert(f_ready_q && {{(FTW - 5){1'b0}}, f_cwait} == f_bt - 1'b1);
    assert(f_bt <= F_BT_BOUND);
    assert(f_frame <= f_bytes * F_STEP + {{(FFW - FTW){1'b0}}, f_bt});
    assert(f_frame <= F_FRAME_BOUND);                                // the property
  end
`endif
endmodule

`default_nettype wire
