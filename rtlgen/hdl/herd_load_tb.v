// herd_load_tb: a seeded random load stream through herd_load with random tvalid stalls,
// in the layout of datapath.LoadLayout:
//   X part   SKIP = 0: NB D X words (word b D + j); bits of the last batch past N random
//            (the sum must mask them). SKIP = 1: vector 0's D words, then per batch its L_b
//            busy X words (L_b from LSEED, the last batch every word), each followed by its
//            j word (j in bits 0 .., the X word's popcount at bit JPC);
//   W part   W_WORDS words of three beats (SPRAM 0, 1, 2);
//   b, c     K and D values of ceil(width / 16) beats, low first, 0 above the width.
// Checked:
//   - every write the block presents, in order: lw_x at lw_addr (SKIP = 0: the beat's
//     index; SKIP = 1: vector 0's words at 0 .. D-1, busy words from D) with lw_data;
//     lw_w at word lw_addr, SPRAM lw_q with lw_data (SKIP = 1: a j word at JBASE + k, SPRAM
//     0); lw_b at word i / PW, slot lw_q = i mod PW, lw_c at j, with the value in lw_val;
//     one strobe at a time, none after the load's;
//   - tready until the last beat is taken and never after (tvalid stays high past the end);
//     ld_finish the cycle after the last take only; start_n gives load_done the cycle after,
//     then running, which stays;
//   - sum x, read at sx_ra once running: per j, over the batches, 2 popcount - valid of the
//     word's real vectors (SKIP = 1: from -N, plus 2 popcount of each busy word at j), each
//     step through the positive register (POSITIVE_W bits, SAT or wrap);
//   - the read-back, twice (before start_n, while not running, and after): after a
//     cmd_read pulse, rd_on, and m_axis_read gives the W, b and c beats of the load, in
//     order, tlast on the last, under random tready (a beat not taken stays unchanged);
//     each beat's address goes out first as one lr_w (ld_w = the W word), lr_b (ld_bg = its
//     b word) or lr_c (ld_i = j). The testbench's memories answer w_rd, b_rd, c_rd exactly
//     two cycles after the strobe (random data otherwise); rd_on falls after the last beat;
//     no write meanwhile.
// Prints PASS, or FAIL and stops with a non-zero exit.

`default_nettype none

module herd_load_tb #(
  parameter integer K            = 5,
  parameter integer D            = 8,
  parameter integer N            = 40,
  parameter integer WL           = 3,     // beats (16-bit lanes) a W word
  parameter integer PW           = 3,
  parameter integer SKIP         = 0,
  parameter integer W_WORDS      = 20,
  parameter integer B_W          = 12,
  parameter integer C_W          = 20,
  parameter integer POSITIVE_W   = 6,
  parameter integer POSITIVE_SAT = 1,
  parameter integer XAW          = 14,
  parameter integer JBASE        = 8192,
  parameter integer JPC          = 11,    // a j word's popcount starts here (datapath.SkipPopShift)
  parameter integer LSEED        = 1,
  parameter integer SEED         = 9
) ();
  localparam integer NB         = (N + 15) / 16;
  localparam integer LAST_VALID = N - (NB - 1) * 16;
  localparam integer POSITIVE_X = ((POSITIVE_W > 7) ? POSITIVE_W : 7) + 1;  // rtlgen exactWidth
  localparam integer B_BEATS    = (B_W + 15) / 16;
  localparam integer C_BEATS    = (C_W + 15) / 16;
  localparam integer BG         = (K + PW - 1) / PW;
  localparam integer DW         = (D > 1) ? $clog2(D) : 1;
  localparam integer BGW        = (BG > 1) ? $clog2(BG) : 1;
  localparam integer IW         = ((K > D ? K : D) > 1) ? $clog2(K > D ? K : D) : 1;
  localparam integer BCW        = (B_W > C_W) ? B_W : C_W;
  // L_b, word skip's busy words of batch b (the last batch keeps every word).
  function integer busy;
    input integer b;
    begin
      if (b == NB - 1) busy = D;
      else
        case ((b * 7 + LSEED) % 5)
          0: busy = 0;
          1: busy = D;
          default: busy = (b * 11 + LSEED * 5) % (D + 1);
        endcase
    end
  endfunction
  function integer xwords;  // sum_b L_b
    input integer unused;
    integer b;
    begin
      xwords = 0;
      for (b = 0; b < NB; b = b + 1) xwords = xwords + busy(b);
    end
  endfunction
  localparam integer X_BEATS = (SKIP != 0) ? D + 2 * xwords(0) : NB * D;
  localparam integer W_BEATS = WL * W_WORDS;
  localparam integer QW      = (WL > 1) ? $clog2(WL) : 1;
  localparam integer RBEATS  = W_BEATS + K * B_BEATS + D * C_BEATS;  // the read-back
  localparam integer BEATS   = X_BEATS + RBEATS;
  localparam integer NW      = X_BEATS + W_BEATS + K + D;           // the load's writes
  localparam [1:0] WX = 2'd0, WW = 2'd1, WB = 2'd2, WC = 2'd3;       // a write's memory

  reg clk = 1'b0;
  always #5 clk = ~clk;
  reg rst, tvalid, start_n, cmd_read, m_tready;
  reg [15:0] tdata;
  reg [DW-1:0] sx_ra;
  reg [16*WL-1:0] w_rd;
  reg [PW*B_W-1:0] b_rd;
  reg [C_W-1:0] c_rd;
  wire tready, load_done, running, ld_finish, lw_x, lw_w, lw_b, lw_c, rd_on, lr_w, lr_b, lr_c;
  wire m_tvalid, m_tlast;
  wire [15:0] lw_data, m_tdata;
  wire [XAW-1:0] lw_addr, ld_w;
  wire [QW-1:0] lw_q;
  wire [BCW-1:0] lw_val;
  wire [BGW-1:0] ld_bg;
  wire [IW-1:0] ld_i;
  wire [POSITIVE_W-1:0] sx_rd;
  herd_load #(.K(K), .D(D), .N(N), .NB(NB), .PW(PW), .SKIP(SKIP), .X_BEATS(X_BEATS), .W_WORDS(W_WORDS),
              .W_BEATS_1(WL), .B_W(B_W), .C_W(C_W), .B_BEATS(B_BEATS), .C_BEATS(C_BEATS),
              .POSITIVE_W(POSITIVE_W), .POSITIVE_X(POSITIVE_X), .POSITIVE_SAT(POSITIVE_SAT), .XAW(XAW),
              .JBASE(JBASE), .JPC(JPC), .BG(BG)) dut (
    .clk(clk), .rst(rst), .s_axis_load_tdata(tdata), .s_axis_load_tvalid(tvalid), .s_axis_load_tready(tready),
    .start_n(start_n), .load_done(load_done), .running(running), .ld_finish(ld_finish),
    .lw_x(lw_x), .lw_w(lw_w), .lw_b(lw_b), .lw_c(lw_c), .lw_data(lw_data), .lw_addr(lw_addr), .lw_q(lw_q),
    .lw_val(lw_val), .cmd_read(cmd_read), .rd_on(rd_on), .lr_w(lr_w), .lr_b(lr_b), .lr_c(lr_c), .ld_w(ld_w),
    .ld_bg(ld_bg), .ld_i(ld_i), .w_rd(w_rd), .b_rd(b_rd), .c_rd(c_rd), .m_axis_read_tdata(m_tdata),
    .m_axis_read_tvalid(m_tvalid), .m_axis_read_tready(m_tready), .m_axis_read_tlast(m_tlast),
    .sx_ra(sx_ra), .sx_rd(sx_rd));

  // The stream, the writes it must give (memory, address, SPRAM or slot, data or value),
  // the memories it loads and sum x.
  reg [15:0] stream [0:BEATS-1];
  reg [1:0] e_kind [0:NW-1];
  reg [XAW-1:0] e_addr [0:NW-1];
  reg [QW-1:0] e_q [0:NW-1];
  reg [31:0] e_data [0:NW-1];
  reg [16*WL-1:0] wmem [0:W_WORDS-1];
  reg [PW*B_W-1:0] bmem [0:BG-1];
  reg [C_W-1:0] cmem [0:D-1];
  integer sx [0:D-1], ex [0:D-1];  // sum x through the register, and exact
  reg [D-1:0] picked;
  reg [15:0] x, mask;
  reg [31:0] v;
  integer seed, n, nw, b, j, k, i, need, pc;

  task fail;
    input [8*40-1:0] what;
    begin
      $display("FAIL %0s", what);
      $fatal(1, "herd_load_tb");
    end
  endtask

  // The positive register's cast of an exact sum: saturate or wrap to POSITIVE_W bits.
  function integer cast;
    input integer s;
    integer lo, hi;
    begin
      lo = -(1 << (POSITIVE_W - 1));
      hi = (1 << (POSITIVE_W - 1)) - 1;
      if (POSITIVE_SAT != 0) cast = (s < lo) ? lo : (s > hi) ? hi : s;
      else cast = ((s - lo) & ((1 << POSITIVE_W) - 1)) + lo;
    end
  endfunction
  function integer popcount;
    input [15:0] w;
    integer m;
    begin
      popcount = 0;
      for (m = 0; m < 16; m = m + 1) popcount = popcount + w[m];
    end
  endfunction

  // An X word of pixel j: every fourth pixel +1 in every vector and every fourth -1, so
  // that their sums reach the register's limits (with N >= 2^(POSITIVE_W-1)); the others
  // random.
  function [15:0] column;
    input integer j;
    begin
      case (j % 4)
        0: column = 16'hffff;
        1: column = 16'h0000;
        default: column = $random(seed);
      endcase
    end
  endfunction

  task put;  // a beat of the stream
    input [15:0] beat;
    begin
      stream[n] = beat;
      n = n + 1;
    end
  endtask
  task expect_write;
    input [1:0] kind;
    input integer addr, q;
    input [31:0] data;
    begin
      e_kind[nw] = kind;
      e_addr[nw] = addr;
      e_q[nw] = q;
      e_data[nw] = data;
      nw = nw + 1;
    end
  endtask

  // Build the stream and what it must give.
  initial begin
    seed = SEED;
    n = 0;
    nw = 0;
    if (SKIP == 0) begin
      for (j = 0; j < D; j = j + 1) {sx[j], ex[j]} = 0;
      for (b = 0; b < NB; b = b + 1)
        for (j = 0; j < D; j = j + 1) begin
          x = column(j);
          mask = (b == NB - 1) ? (1 << LAST_VALID) - 1 : 16'hffff;
          sx[j] = cast(sx[j] + 2 * popcount(x & mask) - ((b == NB - 1) ? LAST_VALID : 16));
          ex[j] = ex[j] + 2 * popcount(x & mask) - ((b == NB - 1) ? LAST_VALID : 16);
          expect_write(WX, n, 0, x);
          put(x);
        end
    end else begin
      for (j = 0; j < D; j = j + 1) begin
        sx[j] = cast(-N);
        ex[j] = -N;
        x = $random(seed);
        expect_write(WX, n, 0, x);
        put(x);
      end
      k = 0;
      for (b = 0; b < NB; b = b + 1) begin
        // L_b of the D words, in order of j (selection sampling).
        need = busy(b);
        for (j = 0; j < D; j = j + 1) begin
          picked[j] = {$random(seed)} % (D - j) < need;
          if (picked[j]) need = need - 1;
        end
        for (j = 0; j < D; j = j + 1) if (picked[j]) begin
          x = column(j) & ((b == NB - 1) ? (1 << LAST_VALID) - 1 : 16'hffff);
          pc = popcount(x);
          sx[j] = cast(sx[j] + 2 * pc);
          ex[j] = ex[j] + 2 * pc;
          expect_write(WX, D + k, 0, x);
          put(x);
          expect_write(WW, JBASE + k, 0, (pc << JPC) | j);
          put((pc << JPC) | j);
          k = k + 1;
        end
      end
    end
    for (i = 0; i < W_WORDS; i = i + 1) begin
      for (k = 0; k < WL; k = k + 1) wmem[i][16*k +: 16] = $random(seed);
      for (k = 0; k < WL; k = k + 1) begin
        expect_write(WW, i, k, wmem[i][16*k +: 16]);
        put(wmem[i][16*k +: 16]);
      end
    end
    for (i = 0; i < K; i = i + 1) begin
      v = $random(seed) & ((64'd1 << B_W) - 1);
      bmem[i / PW][(i % PW)*B_W +: B_W] = v[B_W-1:0];
      expect_write(WB, i / PW, i % PW, v);
      for (k = 0; k < B_BEATS; k = k + 1) put(v[16*k +: 16]);
    end
    for (j = 0; j < D; j = j + 1) begin
      v = $random(seed) & ((64'd1 << C_W) - 1);
      cmem[j] = v[C_W-1:0];
      expect_write(WC, j, 0, v);
      for (k = 0; k < C_BEATS; k = k + 1) put(v[16*k +: 16]);
    end
    if (n != BEATS || nw != NW) begin
      $display("FAIL the testbench built %0d beats and %0d writes, want %0d and %0d", n, nw, BEATS, NW);
      $fatal(1, "herd_load_tb");
    end
  end

  // The checks, each cycle (the values before the edge), and the memories' answers.
  integer takes, writes, rbeats, strobes, cyc;
  reg e_finish, e_load_done, e_running, e_rd_on, p_valid, p_ready, p_last, lr_w_q, lr_b_q, lr_c_q;
  reg [15:0] p_data;
  reg [XAW-1:0] ld_w_q;
  reg [BGW-1:0] ld_bg_q;
  reg [IW-1:0] ld_i_q;
  reg [1:0] r_kind;
  integer r_addr;
  always @(posedge clk) begin
    cyc = cyc + 1;
    if (!rst) begin
      // The load's writes.
      if (lw_x + lw_w + lw_b + lw_c > 1) fail("two writes at once");
      if (lw_x || lw_w || lw_b || lw_c) begin
        if (writes >= NW) fail("a write after the load's");
        if ({lw_b || lw_c, lw_w || lw_c} !== e_kind[writes] || lw_addr !== e_addr[writes] ||
            ((lw_w || lw_b) && lw_q !== e_q[writes]) || ((lw_x || lw_w) && lw_data !== e_data[writes][15:0]) ||
            ((lw_b || lw_c) && lw_val !== e_data[writes][BCW-1:0])) begin
          $display("FAIL write %0d: memory %0d address %0d q %0d data %04h value %0h, want memory %0d address %0d q %0d data %0h",
            writes, {lw_b || lw_c, lw_w || lw_c}, lw_addr, lw_q, lw_data, lw_val,
            e_kind[writes], e_addr[writes], e_q[writes], e_data[writes]);
          $fatal(1, "herd_load_tb");
        end
        writes = writes + 1;
      end
      // The load's handshake and what follows it.
      if (tready !== (takes < BEATS && !running && !load_done)) fail("tready");
      if (ld_finish !== e_finish) fail("ld_finish");
      if (load_done !== e_load_done || running !== e_running) fail("load_done or running");
      e_finish <= tvalid && tready && takes == BEATS - 1;
      if (tvalid && tready) takes = takes + 1;
      e_load_done <= start_n;
      e_running <= e_running || e_load_done;
      // The read-back.
      if (rd_on !== e_rd_on) fail("rd_on");
      if (p_valid && !p_ready && (!m_tvalid || m_tdata !== p_data || m_tlast !== p_last)) fail("a read-back beat not taken changed");
      if (m_tvalid && !e_rd_on) fail("a read-back beat with no read-back");
      if (lr_w + lr_b + lr_c > 1 || (lr_w + lr_b + lr_c == 1 && !rd_on)) fail("lr strobes");
      if (lr_w || lr_b || lr_c) begin
        // The strobe is for the next beat, one a beat.
        r_kind = (rbeats < W_BEATS) ? WW : (rbeats < W_BEATS + K * B_BEATS) ? WB : WC;
        r_addr = (r_kind == WW) ? rbeats / WL : (r_kind == WB) ? (rbeats - W_BEATS) / B_BEATS / PW
               : (rbeats - W_BEATS - K * B_BEATS) / C_BEATS;
        if (strobes != rbeats || {lr_b || lr_c, lr_w || lr_c} !== r_kind ||
            (lr_w && ld_w !== r_addr) || (lr_b && ld_bg !== r_addr) || (lr_c && ld_i !== r_addr)) begin
          $display("FAIL read-back beat %0d (strobe %0d): lr %0b%0b%0b ld_w %0d ld_bg %0d ld_i %0d, want memory %0d address %0d",
            rbeats, strobes, lr_w, lr_b, lr_c, ld_w, ld_bg, ld_i, r_kind, r_addr);
          $fatal(1, "herd_load_tb");
        end
        strobes = strobes + 1;
      end
      if (m_tvalid && m_tready) begin
        if (m_tdata !== stream[X_BEATS + rbeats] || m_tlast !== (rbeats == RBEATS - 1)) begin
          $display("FAIL read-back beat %0d: %04h tlast %0b, want %04h %0b", rbeats, m_tdata, m_tlast,
            stream[X_BEATS + rbeats], rbeats == RBEATS - 1);
          $fatal(1, "herd_load_tb");
        end
        rbeats = rbeats + 1;
      end
      e_rd_on <= cmd_read || (e_rd_on && !(m_tvalid && m_tready && m_tlast));
    end
    {p_valid, p_ready, p_last, p_data} <= {m_tvalid, m_tready, m_tlast, m_tdata};
    m_tready <= {$random(seed)} % 3 != 0;
    // The memories: the word at the strobe's address two cycles on, random otherwise.
    {lr_w_q, lr_b_q, lr_c_q, ld_w_q, ld_bg_q, ld_i_q} <= {lr_w, lr_b, lr_c, ld_w, ld_bg, ld_i};
    w_rd <= lr_w_q ? wmem[ld_w_q] : {WL{$random(seed)}};
    b_rd <= lr_b_q ? bmem[ld_bg_q] : {$random(seed), $random(seed)};
    c_rd <= lr_c_q ? cmem[ld_i_q] : $random(seed);
  end

  // A read-back: cmd_read, then every beat.
  task read_back;
    begin
      rbeats = 0;
      strobes = 0;
      cmd_read = 1'b1;
      @(negedge clk);
      cmd_read = 1'b0;
      while (rbeats < RBEATS || rd_on) @(negedge clk);
      repeat (5) @(negedge clk);
      if (m_tvalid) fail("a read-back beat after the last");
    end
  endtask

  initial begin
    {rst, tvalid, start_n, cmd_read} = 4'b1000;
    {e_finish, e_load_done, e_running, e_rd_on, p_valid, p_ready} = 0;
    {lr_w_q, lr_b_q, lr_c_q} = 0;
    {takes, writes, rbeats, strobes, cyc} = 0;
    sx_ra = 0;
    tdata = 16'd0;
    repeat (3) @(negedge clk);
    rst = 1'b0;
    // The load: stalls of random length now and then, stretches back to back; tvalid stays
    // high with a beat past the end.
    i = 0;
    while (takes < BEATS) begin
      tvalid = (i / 64) % 2 == 0 || {$random(seed)} % 4 == 0;
      tdata = stream[takes];
      i = i + 1;
      @(negedge clk);
    end
    tvalid = 1'b1;
    tdata = 16'hdead;
    repeat (8) @(negedge clk);
    if (writes != NW) begin
      $display("FAIL %0d writes, want %0d", writes, NW);
      $fatal(1, "herd_load_tb");
    end
    read_back;
    start_n = 1'b1;
    @(negedge clk);
    start_n = 1'b0;
    repeat (4) @(negedge clk);
    // sum x: sx_ra in one cycle, sx_rd in the next.
    k = 0;
    for (j = 0; j < D; j = j + 1) begin
      if (ex[j] != sx[j]) k = k + 1;
      sx_ra = j;
      @(negedge clk);
      if ($signed(sx_rd) !== sx[j]) begin
        $display("FAIL sum x_%0d: %0d, want %0d", j, $signed(sx_rd), sx[j]);
        $fatal(1, "herd_load_tb");
      end
    end
    read_back;
    $display("%0d beats, %0d writes, %0d read-back beats twice, %0d cycles; %0d of %0d sums x past the register's range",
      BEATS, NW, RBEATS, cyc, k, D);
    $display("PASS");
    $finish;
  end
endmodule

`default_nettype wire
