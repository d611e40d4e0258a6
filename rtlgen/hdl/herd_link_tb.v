// herd_link_tb: herd_link against a hostile host, FRAMES random frames from seed SEED:
// valid frames of every type (n = 0 .. 6 beats), the same frame again (a retransmission),
// frames with a wrong CRC, of an unknown type, cut off mid-way, and garbage bytes, while a
// stand-in core takes load and command beats when it pleases (or never: a command that
// waits, a core that is not loading) and offers records and read-back beats at random.
// The host waits for the answer to every whole frame, as herdsim's does:
//   - every whole frame is answered within ANSWER cycles, with its seq and a status its type
//     allows (IDENT: the IDENT reply; RESET, GRANT: ok; LOAD: ok or not loading; CMD: ok,
//     busy or still loading; CRC error; unknown type), and every board frame is well formed
//     (SYNC, a known type, the CRC);
//   - a cut-off frame or garbage is answered by nothing, and after the link's silence the
//     next frame is received whole;
//   - every BURST frames: RESET and IDENT are answered, a LOAD's beats reach the core's load
//     stream in order, a command while the core loads is refused whole, and one after it
//     reaches the command stream.
// Prints PASS, or FAIL and stops with a non-zero exit.

`default_nettype none

module herd_link_tb #(
  parameter integer FRAMES = 300,
  parameter integer SEED   = 1,
  parameter integer BURST  = 16,
  parameter integer REC_LOG2 = 12  // a record begins 1 cycle in 2^REC_LOG2
) ();
  localparam integer BAUD_DIV = 4, QUIET_LOG2 = 9;
  localparam integer ANSWER = 40 * BAUD_DIV * 600;  // a READ frame ahead of the answer, and the answer
  localparam [95:0] IDENT = 96'h0102_0304_0506_0708_090a_0b0c;
  localparam [7:0] SYNC = 8'ha5, F_IDENT = 8'h49, F_RESET = 8'h5a, F_LOAD = 8'h4c, F_CMD = 8'h43,
                   F_GRANT = 8'h47, F_ACK = 8'h41, F_IDREP = 8'h69, F_RECORD = 8'h52, F_READ = 8'h42;
  localparam [7:0] ST_OK = 8'd0, ST_CRC = 8'd1, ST_TYPE = 8'd2, ST_NOLOAD = 8'd3, ST_BUSY = 8'd4, ST_LOADING = 8'd5;
  // (The protocol's numbers are rtlgen/link.go's; TestLinkConstants compares both files with it.)
  localparam integer REC_BYTES = 4;  // REC_LAST + 1

  reg clk = 1'b0;
  always #5 clk = ~clk;
  reg rst = 1'b1;
  reg [31:0] hseed, cseed, rv;    // the host's and the core's random states (xorshift32: the
                                  // same numbers in every simulator, as $random's are not)
  integer frame, kind, n, k;
  reg [7:0] seq, last_seq, typ, st;
  reg [15:0] want [0:7];

  // The host's line: herd_uart_tx, a byte at a time.
  reg h_load = 1'b0;
  reg [7:0] h_data = 8'd0;
  wire h_idle, rx;
  herd_uart_tx #(.BAUD_DIV(BAUD_DIV)) host_tx (.clk(clk), .rst(rst), .load(h_load), .data(h_data), .idle(h_idle), .tx(rx));

  // The stand-in core.
  wire tx, core_rst, t_frame, ld_valid, cmd_valid, rec_ready, rd_ready;
  wire [15:0] beat;
  reg ld_ready = 1'b0, cmd_ready = 1'b0, rec_valid = 1'b0, rd_valid = 1'b0, rd_last = 1'b0;
  reg [15:0] rec_data = 16'd0, rd_data = 16'd0;
  herd_link #(.BAUD_DIV(BAUD_DIV), .QUIET_LOG2(QUIET_LOG2), .REC_LAST(9'd3), .IDENT(IDENT)) dut (
    .clk(clk), .rst(rst), .rx(rx), .tx(tx), .core_rst(core_rst), .t_frame(t_frame), .beat(beat),
    .ld_valid(ld_valid), .ld_ready(ld_ready), .cmd_valid(cmd_valid), .cmd_ready(cmd_ready),
    .rec_data(rec_data), .rec_valid(rec_valid), .rec_ready(rec_ready),
    .rd_data(rd_data), .rd_valid(rd_valid), .rd_ready(rd_ready), .rd_last(rd_last)
  );
  reg [1:0] ready_mode = 2'd0;  // 0 random, 1 always, 2 never, 3 commands only (loaded)
  reg [31:0] r1, r2, r3, r4;      // this cycle's random numbers
  reg [1:0] rec_left = 2'd0;      // beats of the record after this one
  reg [9:0] rd_left = 10'd0;      // beats of the read-back after this one
  // Half the RESETs meet a record that the core offers as the link begins to carry the
  // RESET out: the cycle in which a data frame could still start (herd_link's guard).
  wire at_reset = dut.rs == dut.R_EXEC && dut.ft_reset && dut.xs == dut.X_IDLE;
  always @(posedge clk) begin
    cseed = xs32(cseed);
    r1 = cseed;
    cseed = xs32(cseed);
    r2 = cseed;
    cseed = xs32(cseed);
    r3 = cseed;
    cseed = xs32(cseed);
    r4 = cseed;
    ld_ready <= ready_mode == 2'd1 || (ready_mode == 2'd0 && r1[1:0] == 2'd0);
    cmd_ready <= ready_mode == 2'd1 || ready_mode == 2'd3 || (ready_mode == 2'd0 && r1[3:2] == 2'd0);
    // A record is two beats, a read-back up to 1,023, each offered from its start to its
    // end as the core does (a beat stands until it is taken).
    if (rst || core_rst) begin
      {rec_valid, rec_left} <= 2'd0;
    end else if (rec_valid && rec_ready) begin
      rec_valid <= rec_left != 2'd0;
      rec_left <= rec_left - 2'd1;
      rec_data <= r4[15:0];
    end else if (!rec_valid && ((r2 & ((32'd1 << REC_LOG2) - 32'd1)) == 32'd0 || (at_reset && r3[31]))) begin
      {rec_valid, rec_left} <= {1'b1, 2'd1};
      rec_data <= r4[15:0];
    end
    if (rst || core_rst) begin
      rd_valid <= 1'b0;
    end else if (rd_valid && rd_ready) begin
      rd_valid <= !rd_last;
      rd_last <= rd_left == 10'd1;
      rd_left <= rd_left - 10'd1;
      rd_data <= r4[31:16];
    end else if (!rd_valid && r3[14:0] == 15'd0) begin
      rd_valid <= 1'b1;
      rd_left <= r1[13:4];
      rd_last <= r1[13:4] == 10'd0;
      rd_data <= r4[31:16];
    end
  end
  // Beats the core takes, while the check at a burst's end watches them.
  reg watch = 1'b0;
  reg [15:0] took [0:15];
  integer n_took = 0;
  always @(posedge clk)
    if (watch && ((ld_valid && ld_ready) || (cmd_valid && cmd_ready))) begin
      took[n_took % 16] <= beat;
      n_took <= n_took + 1;
    end

  function [31:0] xs32;  // xorshift32's next state
    input [31:0] x;
    reg [31:0] y;
    begin
      y = x ^ (x << 13);
      y = y ^ (y >> 17);
      xs32 = y ^ (y << 5);
    end
  endfunction

  task roll;  // rv: the host's next random number
    begin
      hseed = xs32(hseed);
      rv = hseed;
    end
  endtask

  function [15:0] crc_byte;  // CRC-16/CCITT-FALSE, one byte
    input [15:0] c;
    input [7:0] b;
    integer k;
    begin
      crc_byte = c ^ {b, 8'h00};
      for (k = 0; k < 8; k = k + 1) crc_byte = crc_byte[15] ? {crc_byte[14:0], 1'b0} ^ 16'h1021 : {crc_byte[14:0], 1'b0};
    end
  endfunction

  // The board's frames, parsed as they arrive: every one must be well formed.
  wire b_stb;
  wire [7:0] b_byte;
  herd_uart_rx #(.BAUD_DIV(BAUD_DIV)) host_rx (.clk(clk), .rst(rst), .rx(tx), .stb(b_stb), .data(b_byte));
  integer p_st = 0, p_cnt = 0, p_len = 0;
  reg [7:0] p_type, p_seq, p_first;
  reg [15:0] p_crc;
  reg [95:0] p_ident;
  integer n_ack = 0, n_idrep = 0, n_record = 0, n_read = 0;
  reg [7:0] ack_seq, ack_st, idrep_seq;
  always @(posedge clk) if (b_stb) begin
    case (p_st)
      0: if (b_byte != SYNC) fail_now("a board frame does not start with SYNC"); else p_st = 1;
      1: begin
        p_type = b_byte;
        p_crc = crc_byte(16'hffff, b_byte);
        p_len = b_byte == F_ACK ? 1 : b_byte == F_IDREP ? 12 : b_byte == F_RECORD ? REC_BYTES : b_byte == F_READ ? 512 : 0;
        if (p_len == 0) fail_now("a board frame of unknown type");
        p_st = 2;
      end
      2: begin p_seq = b_byte; p_crc = crc_byte(p_crc, b_byte); p_cnt = 0; p_st = 3; end
      3: begin
        if (p_cnt == 0) p_first = b_byte;
        if (p_cnt < 12) p_ident[8*p_cnt +: 8] = b_byte;
        p_crc = crc_byte(p_crc, b_byte);
        p_cnt = p_cnt + 1;
        if (p_cnt == p_len) p_st = 4;
      end
      4: begin p_crc = crc_byte(p_crc, b_byte); p_st = 5; end
      default: begin
        p_crc = crc_byte(p_crc, b_byte);
        if (p_crc != 16'h0000) fail_now("a board frame failed its CRC");
        if (p_type == F_ACK) begin ack_seq = p_seq; ack_st = p_first; n_ack = n_ack + 1; end
        if (p_type == F_IDREP) begin
          if (p_ident != IDENT) fail_now("a wrong IDENT reply");
          idrep_seq = p_seq;
          n_idrep = n_idrep + 1;
        end
        if (p_type == F_RECORD) n_record = n_record + 1;
        if (p_type == F_READ) n_read = n_read + 1;
        p_st = 0;
      end
    endcase
  end

  task fail_now;
    input [8*64-1:0] why;
    begin
      $display("FAIL %0s (frame %0d, kind %0d, type %02h, n %0d, seq %0d; receiver %0d, executor %0d, transmitter %0d)",
               why, frame, kind, typ, n, seq, dut.rs, dut.xs, dut.ts);
      $display("  t_kind %0d t_cnt %0d t_pad %0d hb_v %0d credit %0d rec_valid %0d rd_valid %0d rd_left %0d tb_idle %0d",
               dut.t_kind, dut.t_cnt, dut.t_pad, dut.hb_v, dut.credit, rec_valid, rd_valid, rd_left, dut.tb_idle);
      $fatal(1, "herd_link_tb");
    end
  endtask

  task send_byte;
    input [7:0] b;
    begin
      while (!h_idle) @(negedge clk);
      h_data = b;
      h_load = 1'b1;
      @(negedge clk);
      h_load = 1'b0;
      @(negedge clk);
    end
  endtask

  // A host frame: type, seq, the n beats of pay; the CRC xor crc_flip; cut after `cut`
  // bytes (0: whole).
  reg [15:0] pay [0:7];
  task send_frame;
    input [7:0] typ, seq;
    input integer n;
    input [15:0] crc_flip;
    input integer cut;
    reg [7:0] bytes [0:31];
    reg [15:0] c;
    integer k, len;
    begin
      bytes[0] = SYNC; bytes[1] = typ; bytes[2] = seq; bytes[3] = n;
      for (k = 0; k < n; k = k + 1) {bytes[5 + 2*k], bytes[4 + 2*k]} = pay[k];
      c = 16'hffff;
      for (k = 1; k < 4 + 2*n; k = k + 1) c = crc_byte(c, bytes[k]);
      c = c ^ crc_flip;
      {bytes[4 + 2*n], bytes[5 + 2*n]} = c;
      len = (cut != 0) ? cut : 6 + 2*n;
      for (k = 0; k < len; k = k + 1) send_byte(bytes[k]);
    end
  endtask

  // Waits for the answer to a frame with seq: an ACK (ack != 0) or the IDENT reply.
  task await_answer;
    input [7:0] seq;
    input is_ident;
    output [7:0] st;
    integer acks, ids, w;
    begin
      acks = n_ack;
      ids = n_idrep;
      w = 0;
      while (!(is_ident ? n_idrep != ids : n_ack != acks) && w < ANSWER) begin
        @(negedge clk);
        w = w + 1;
      end
      if (w >= ANSWER) fail_now("a frame was not answered");
      if ((is_ident ? idrep_seq : ack_seq) != seq) fail_now("an answer with another frame's seq");
      st = is_ident ? ST_OK : ack_st;
    end
  endtask

  // The link's silence: a cut-off frame is dropped, and nothing answers it.
  task await_silence;
    integer acks, ids;
    begin
      acks = n_ack;
      ids = n_idrep;
      repeat ((1 << QUIET_LOG2) + 40 * BAUD_DIV) @(negedge clk);
      if (n_ack != acks || n_idrep != ids) fail_now("a cut-off frame or garbage was answered");
    end
  endtask

  initial begin
    hseed = SEED;
    cseed = SEED + 1000;
    seq = 8'd0;
    last_seq = 8'd0;
    repeat (4) @(negedge clk);
    rst = 1'b0;
    repeat (4) @(negedge clk);
    for (frame = 0; frame < FRAMES; frame = frame + 1) begin
      roll;
      if (frame % 64 == 0) ready_mode = rv % 3;
      roll;
      kind = rv % 16;
      roll;
      n = rv % 7;
      for (k = 0; k < 8; k = k + 1) begin roll; pay[k] = rv[15:0]; end
      roll;
      case (rv % 5)
        0: typ = F_IDENT;
        1: typ = F_RESET;
        2: typ = F_LOAD;
        3: typ = F_CMD;
        default: begin typ = F_GRANT; n = 1; pay[0] = {8'd0, pay[0][7:0]}; end
      endcase
      if (typ == F_IDENT || typ == F_RESET) n = 0;
      if (kind < 9) begin                      // a whole frame
        seq = seq + 8'd1;
        send_frame(typ, seq, n, 16'h0000, 0);
        await_answer(seq, typ == F_IDENT, st);
        if (typ != F_IDENT && !(st == ST_OK || (typ == F_LOAD && st == ST_NOLOAD) || (typ == F_CMD && (st == ST_BUSY || st == ST_LOADING))))
          fail_now("a status the frame's type does not allow");
        last_seq = seq;
      end else if (kind == 9) begin            // the same frame again: answered ok, or as before
        send_frame(typ, last_seq, n, 16'h0000, 0);
        await_answer(last_seq, typ == F_IDENT, st);
      end else if (kind == 10) begin           // a wrong CRC
        seq = seq + 8'd1;
        roll;
        send_frame(typ, seq, n, 16'h0001 << (rv % 16), 0);
        await_answer(seq, 1'b0, st);
        if (st != ST_CRC) fail_now("a wrong CRC not answered as one");
      end else if (kind == 11) begin           // an unknown type
        seq = seq + 8'd1;
        send_frame(8'h3f, seq, n, 16'h0000, 0);
        await_answer(seq, 1'b0, st);
        if (st != ST_TYPE) fail_now("an unknown type not answered as one");
      end else if (kind < 15) begin            // cut off after 1 .. 5 + 2n bytes
        roll;
        send_frame(typ, seq + 8'd1, n, 16'h0000, 1 + rv % (5 + 2*n));
        await_silence;
      end else begin                           // garbage (no SYNC: cut-off frames start frames)
        roll;
        for (k = rv % 12; k >= 0; k = k - 1) begin
          roll;
          typ = rv[7:0];
          send_byte(typ == SYNC ? 8'h00 : typ);
        end
        await_silence;
      end
      if (frame % BURST == BURST - 1) check_session;
    end
    $display("PASS %0d frames: %0d ACK, %0d IDENT replies, %0d RECORD, %0d READ", FRAMES, n_ack, n_idrep, n_record, n_read);
    $finish;
  end

  // RESET and IDENT are answered, and a LOAD's and a CMD's beats reach the core in order.
  task check_session;
    begin
      seq = seq + 8'd1;
      send_frame(F_RESET, seq, 0, 16'h0000, 0);
      await_answer(seq, 1'b0, st);
      if (st != ST_OK) fail_now("RESET refused");
      seq = seq + 8'd1;
      send_frame(F_IDENT, seq, 0, 16'h0000, 0);
      await_answer(seq, 1'b1, st);
      ready_mode = 2'd1;
      for (k = 0; k < 4; k = k + 1) begin roll; pay[k] = rv[15:0]; want[k] = pay[k]; end
      n_took = 0;
      watch = 1'b1;
      seq = seq + 8'd1;
      send_frame(F_LOAD, seq, 3, 16'h0000, 0);
      await_answer(seq, 1'b0, st);
      seq = seq + 8'd1;
      pay[0] = want[3];
      send_frame(F_CMD, seq, 1, 16'h0000, 0);          // the core still loads: refused whole
      await_answer(seq, 1'b0, st);
      if (st != ST_LOADING || n_took != 3) fail_now("a command while the core loads was not refused as such");
      ready_mode = 2'd3;
      repeat (4) @(negedge clk);
      seq = seq + 8'd1;
      send_frame(F_CMD, seq, 1, 16'h0000, 0);
      await_answer(seq, 1'b0, st);
      watch = 1'b0;
      if (st != ST_OK || n_took != 4 || took[0] != want[0] || took[1] != want[1] || took[2] != want[2] || took[3] != want[3])
        fail_now("after RESET a LOAD's and a CMD's beats did not reach the core");
      last_seq = seq;
      roll;
      ready_mode = rv % 3;
    end
  endtask
endmodule

`default_nettype wire
