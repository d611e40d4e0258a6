package rtlgen

import "strings"

// The Verilog of the board link (tiledBoardModule), in its order. The names they share:
// cclk, rst; rx_stb/rx_byte (receiver); rcrc/tcrc (the two CRCs); the frame registers
// f_*; the payload pump p_* (to the core's load and command streams); the reply r_*; the
// credits; the transmitter's t_* and its byte pump tb_*.

const linkRX = `
reg [1:0] rx_s;                 // rx synchronised to cclk
reg [CW-1:0] rx_cnt;
reg [3:0] rx_bit;
reg [7:0] rx_sh, rx_byte;
reg rx_busy, rx_stb;
always @(posedge cclk) begin
  rx_s <= {rx_s[0], rx};
  rx_stb <= 1'b0;
  if (rst) begin
    rx_busy <= 1'b0;
  end else if (!rx_busy) begin
    if (!rx_s[1]) begin
      rx_busy <= 1'b1;
      rx_cnt <= RX_HALF;
      rx_bit <= 4'd0;
    end
  end else if (rx_cnt != {CW{1'b0}}) begin
    rx_cnt <= rx_cnt - 1'b1;
  end else begin
    rx_cnt <= BAUD_LAST;
    rx_bit <= rx_bit + 4'd1;
    if (rx_bit == 4'd0 && rx_s[1]) rx_busy <= 1'b0;  // a glitch, not a start bit
    if (rx_bit != 4'd0 && rx_bit != 4'd9) rx_sh <= {rx_s[1], rx_sh[7:1]};
    if (rx_bit == 4'd9) begin  // the stop bit's middle
      rx_busy <= 1'b0;
      rx_stb <= rx_s[1];
      rx_byte <= rx_sh;
    end
  end
end
`

// linkCRC is a bit-serial CRC-16 named by prefix p: <p>crc_go loads <p>crc_in (8 cycles),
// <p>crc_init restarts it at 0xFFFF.
func linkCRC(p string) string {
	return strings.ReplaceAll(`
reg [15:0] Pcrc;
reg [7:0] Pcrc_b;
reg [3:0] Pcrc_n;
reg Pcrc_go, Pcrc_init;
reg [7:0] Pcrc_in;
wire Pcrc_busy = Pcrc_n != 4'd0;
always @(posedge cclk) begin
  if (Pcrc_init) begin
    Pcrc <= 16'hffff;
    Pcrc_n <= 4'd0;
  end else if (Pcrc_go) begin
    Pcrc_b <= Pcrc_in;
    Pcrc_n <= 4'd8;
  end else if (Pcrc_busy) begin
    Pcrc <= {Pcrc[14:0], 1'b0} ^ ((Pcrc[15] ^ Pcrc_b[7]) ? 16'h1021 : 16'h0000);
    Pcrc_b <= {Pcrc_b[6:0], 1'b0};
    Pcrc_n <= Pcrc_n - 4'd1;
  end
end
`, "P", p)
}

const linkFrameRX = `
localparam [3:0] R_SYNC = 4'd0, R_TYPE = 4'd1, R_SEQ = 4'd2, R_LEN0 = 4'd3, R_LEN1 = 4'd4,
                 R_PAY = 4'd5, R_CRC0 = 4'd6, R_CRC1 = 4'd7, R_CHECK = 4'd8, R_EXEC = 4'd9;
reg [3:0] rs;
reg [7:0] f_type, f_seq, f_lenlo, f_lo;
reg [9:0] f_len, f_cnt;          // payload bytes: announced, received
reg [15:0] f_first;              // the payload's first beat (GRANT's n)
(* no_rw_check *) reg [15:0] fbuf [0:255];
reg [7:0] fb_ra;
reg [15:0] fb_rd;
always @(posedge cclk) fb_rd <= fbuf[fb_ra];
wire rx_done;                    // rx_exec has answered the frame
reg r_set;                       // a reply is due: r_type, r_seq, r_st
reg [7:0] r_type, r_seq, r_st;
always @(posedge cclk) begin
  rcrc_go <= 1'b0;
  rcrc_init <= 1'b0;
  r_set <= 1'b0;
  if (rst) begin
    rs <= R_SYNC;
  end else begin
    if (rx_stb && rs != R_SYNC && rs < R_CHECK) begin
      rcrc_go <= 1'b1;
      rcrc_in <= rx_byte;
    end
    case (rs)
      R_SYNC: if (rx_stb && rx_byte == SYNC) begin rs <= R_TYPE; rcrc_init <= 1'b1; end
      R_TYPE: if (rx_stb) begin f_type <= rx_byte; rs <= R_SEQ; end
      R_SEQ: if (rx_stb) begin f_seq <= rx_byte; rs <= R_LEN0; end
      R_LEN0: if (rx_stb) begin f_lenlo <= rx_byte; rs <= R_LEN1; end
      R_LEN1: if (rx_stb) begin
        f_len <= {rx_byte[1:0], f_lenlo};
        f_cnt <= 10'd0;
        if (rx_byte > 8'd2 || (rx_byte == 8'd2 && f_lenlo != 8'd0) || f_lenlo[0]) begin
          {r_set, r_type, r_seq, r_st} <= {1'b1, F_ACK, f_seq, ST_LEN};
          rs <= R_SYNC;
        end else begin
          rs <= (rx_byte == 8'd0 && f_lenlo == 8'd0) ? R_CRC0 : R_PAY;
        end
      end
      R_PAY: if (rx_stb) begin
        f_cnt <= f_cnt + 10'd1;
        if (!f_cnt[0]) f_lo <= rx_byte;
        else fbuf[f_cnt[8:1]] <= {rx_byte, f_lo};
        if (f_cnt == 10'd1) f_first <= {rx_byte, f_lo};
        if (f_cnt == f_len - 10'd1) rs <= R_CRC0;
      end
      R_CRC0: if (rx_stb) rs <= R_CRC1;
      R_CRC1: if (rx_stb) rs <= R_CHECK;
      R_CHECK: if (!rcrc_busy && !rcrc_go) begin
        if (rcrc != 16'h0000) begin
          {r_set, r_type, r_seq, r_st} <= {1'b1, F_ACK, f_seq, ST_CRC};
          rs <= R_SYNC;
        end else begin
          rs <= R_EXEC;
        end
      end
      R_EXEC: if (rx_done) rs <= R_SYNC;
      default: rs <= R_SYNC;
    endcase
    if (x_reply) {r_set, r_type, r_seq, r_st} <= {1'b1, x_type, f_seq, x_st};
  end
end
`

const linkExec = `
localparam [2:0] X_START = 3'd0, X_ADDR = 3'd1, X_WAIT = 3'd2, X_OFFER = 3'd3, X_RESET = 3'd4, X_END = 3'd5;
reg [2:0] xs;
reg [8:0] p_i;                   // the next beat of the payload
reg [15:0] p_data;
reg p_on;                        // p_data is offered to the stream of f_type
reg [7:0] last_seq;              // the last frame carried out
reg have_last;
reg [15:0] credit;               // RECORD and READ frames the host has room for
reg [2:0] rst_n;                 // RESET: cycles of core reset left
reg x_reply;                     // answer the frame: x_type, x_st (reply registers above)
reg [7:0] x_type, x_st;
wire ld_valid = p_on && f_type == F_LOAD;
wire cmd_valid = p_on && f_type == F_CMD;
wire p_take = (ld_valid && ld_ready) || (cmd_valid && cmd_ready);
wire [8:0] f_beats = f_len[9:1];
wire [16:0] credit_sum = {1'b0, credit} + {1'b0, f_first};
wire t_frame;                    // the transmitter is inside a frame
wire t_take_credit;              // it starts a RECORD or READ frame
assign rx_done = x_reply;
always @(posedge cclk) begin
  x_reply <= 1'b0;
  if (rst) begin
    xs <= X_START;
    p_on <= 1'b0;
    have_last <= 1'b0;
    credit <= 16'd0;
    core_rst <= 1'b0;
    rst_n <= 3'd0;
  end else begin
    if (t_take_credit) credit <= credit - 16'd1;
    case (xs)
      X_START: if (rs == R_EXEC && !x_reply) begin
        x_type <= F_ACK;
        x_st <= ST_OK;
        p_i <= 9'd0;
        if (have_last && f_seq == last_seq && f_type != F_IDENT) begin
          xs <= X_END;                               // a retransmission: answer only
        end else if (f_type == F_IDENT) begin
          x_type <= F_IDREP;
          xs <= X_END;
        end else if (f_type == F_GRANT) begin
          credit <= credit_sum[16] ? 16'hffff : credit_sum[15:0] - {15'd0, t_take_credit};
          {last_seq, have_last} <= {f_seq, 1'b1};
          xs <= X_END;
        end else if (f_type == F_RESET) begin
          credit <= 16'd0;
          xs <= X_RESET;
        end else if (f_type == F_LOAD || f_type == F_CMD) begin
          xs <= (f_beats == 9'd0) ? X_END : X_ADDR;
        end else begin
          x_st <= ST_TYPE;
          xs <= X_END;
        end
      end
      X_ADDR: begin fb_ra <= p_i[7:0]; xs <= X_WAIT; end
      X_WAIT: xs <= X_OFFER;                         // the block RAM reads
      X_OFFER: begin
        if (!p_on) begin
          p_data <= fb_rd;
          p_on <= 1'b1;
        end else if (p_take) begin
          p_on <= 1'b0;
          p_i <= p_i + 9'd1;
          xs <= (p_i + 9'd1 == f_beats) ? X_END : X_ADDR;
        end else if (f_type == F_LOAD) begin         // the core takes a load beat at once, or never
          p_on <= 1'b0;
          x_st <= ST_NOLOAD;
          xs <= X_END;
        end
      end
      X_RESET: if (!t_frame) begin                   // between outgoing frames
        credit <= 16'd0;
        if (!core_rst) begin
          core_rst <= 1'b1;
          rst_n <= 3'd7;
        end else if (rst_n != 3'd0) begin
          rst_n <= rst_n - 3'd1;
        end else begin
          core_rst <= 1'b0;
          xs <= X_END;
        end
      end
      X_END: begin
        if (x_st == ST_OK && f_type != F_IDENT) {last_seq, have_last} <= {f_seq, 1'b1};
        x_reply <= 1'b1;
        xs <= X_START;
      end
      default: xs <= X_START;
    endcase
  end
end
`

const linkFrameTX = `
localparam [3:0] T_IDLE = 4'd0, T_SYNC = 4'd1, T_TYPE = 4'd2, T_SEQ = 4'd3, T_LEN0 = 4'd4, T_LEN1 = 4'd5,
                 T_PAY = 4'd6, T_CRCH = 4'd7, T_CRCL = 4'd8;
reg [3:0] ts;
reg [7:0] t_type, t_seq, t_hi, t_st;
reg [9:0] t_len, t_cnt;          // payload bytes: of the frame, sent
reg [7:0] rec_seq, rd_seq;
reg [23:0] rd_left;              // beats of the read-back still to send
reg [7:0] tb_byte;               // the frame's next byte
wire tb_load;                    // the UART takes tb_byte this cycle
wire tb_idle;                    // the UART is idle
reg t_from_core;                 // the payload comes from the core (RECORD, READ)
assign t_frame = ts != T_IDLE;
wire want_rec = credit != 16'd0 && rec_valid;
wire want_rd = credit != 16'd0 && rd_valid && !want_rec;
reg r_pend;                      // a reply waits for the transmitter
assign t_take_credit = ts == T_IDLE && !r_pend && !core_rst && (want_rec || want_rd);
// A payload byte: even ones are a beat's low byte, taken from the core's stream as it goes.
wire t_even = !t_cnt[0];
wire t_core_rdy = t_type == F_RECORD ? rec_valid : rd_valid;
wire [15:0] t_core_data = t_type == F_RECORD ? rec_data : rd_data;
wire t_pay_ok = !t_from_core || !t_even || t_core_rdy;
assign tb_load = ts != T_IDLE && tb_idle && !tcrc_busy && !tcrc_go && (ts != T_PAY || t_pay_ok);
wire t_beat = ts == T_PAY && tb_load && t_from_core && t_even;
assign rec_ready = t_beat && t_type == F_RECORD;
assign rd_ready = t_beat && t_type == F_READ;
wire [7:0] ident_b = IDENT[{t_cnt[3:0], 3'b000} +: 8];
always @* begin
  case (ts)
    T_SYNC: tb_byte = SYNC;
    T_TYPE: tb_byte = t_type;
    T_SEQ: tb_byte = t_seq;
    T_LEN0: tb_byte = t_len[7:0];
    T_LEN1: tb_byte = {6'd0, t_len[9:8]};
    T_PAY: tb_byte = t_from_core ? (t_even ? t_core_data[7:0] : t_hi) : (t_type == F_ACK ? t_st : ident_b);
    T_CRCH: tb_byte = tcrc[15:8];
    default: tb_byte = tcrc[7:0];
  endcase
end
always @(posedge cclk) begin
  tcrc_go <= 1'b0;
  tcrc_init <= 1'b0;
  if (r_set) r_pend <= 1'b1;
  if (rst || core_rst) begin
    rec_seq <= 8'd0;
    rd_seq <= 8'd0;
    rd_left <= READ_BEATS;
  end
  if (rst) begin
    ts <= T_IDLE;
    r_pend <= 1'b0;
  end else if (ts == T_IDLE) begin
    if (r_pend && !r_set) begin
      r_pend <= 1'b0;
      {t_type, t_seq, t_st, t_from_core} <= {r_type, r_seq, r_st, 1'b0};
      t_len <= (r_type == F_ACK) ? 10'd1 : 10'd12;
      ts <= T_SYNC;
    end else if (t_take_credit) begin
      t_type <= want_rec ? F_RECORD : F_READ;
      t_seq <= want_rec ? rec_seq : rd_seq;
      t_from_core <= 1'b1;
      t_len <= want_rec ? REC_BYTES : (rd_left > 24'd255 ? 10'd512 : {rd_left[8:0], 1'b0});
      if (want_rec) rec_seq <= rec_seq + 8'd1;
      else rd_seq <= rd_seq + 8'd1;
      ts <= T_SYNC;
    end
    t_cnt <= 10'd0;
  end else if (tb_load) begin
    if (ts != T_SYNC && ts < T_CRCH) begin
      tcrc_go <= 1'b1;
      tcrc_in <= tb_byte;
    end
    if (ts == T_SYNC) tcrc_init <= 1'b1;
    if (t_beat) t_hi <= t_core_data[15:8];
    if (ts == T_PAY) begin
      t_cnt <= t_cnt + 10'd1;
      if (t_from_core && t_type == F_READ && !t_even) rd_left <= (rd_left == 24'd1) ? READ_BEATS : rd_left - 24'd1;
      if (t_cnt + 10'd1 == t_len) ts <= T_CRCH;
    end else if (ts == T_LEN1) begin
      ts <= (t_len == 10'd0) ? T_CRCH : T_PAY;
    end else if (ts == T_CRCL) begin
      ts <= T_IDLE;
    end else begin
      ts <= ts + 4'd1;
    end
  end
end
`

const linkTX = `
reg [9:0] shifter;               // the current byte's line bits, next one in bit 0
reg [3:0] bitn;                  // bits still to send
reg [CW-1:0] baud;               // clocks left of the current bit
assign tb_idle = bitn == 4'd0;
always @(posedge cclk) begin
  if (rst) begin
    shifter <= 10'h3ff;
    bitn <= 4'd0;
  end else if (tb_load) begin
    shifter <= {1'b1, tb_byte, 1'b0};
    bitn <= 4'd10;
    baud <= BAUD_LAST;
  end else if (!tb_idle) begin
    if (baud == {CW{1'b0}}) begin
      baud <= BAUD_LAST;
      shifter <= {1'b1, shifter[9:1]};
      bitn <= bitn - 4'd1;
    end else begin
      baud <= baud - 1'b1;
    end
  end
end
assign tx = shifter[0];
assign ledr_n = !overflow;
assign ledg_n = !t_frame;
`
