// herd_acc_array_tb: self-checking testbench of herd_acc_array against a behavioural
// model (64-bit integer arithmetic, one array of accumulators, the readout's position).
//
// Seeded random stimulus for CYCLES cycles; every cycle (after a short start-up of
// clear and capture) z, rd_out and overflow are compared bit for bit, with the
// latencies of the module's timing contract, which this file states on its own
// (CAPTURE_LATENCY, OVF_LATENCY, READ_LATENCY below) and checks against the module's
// localparams. The accumulators themselves are compared too (white box: the module's
// acc_flat, as they stand IN_REG edges after the model's), so a wrong low bit shows at
// once even where z and rd_out would show it late or never. The stimulus reads while
// the accumulators change, so a readout that takes a value a cycle early or late fails.
// Prints exactly PASS, or a line starting MISMATCH and stops with $fatal(1).
// +verbose also prints how often overflow, saturation and the rest were exercised.
//
//   iverilog -g2005 -Wall -P herd_acc_array_tb.FW=6 -o tb \
//     herd_acc_array_tb.v herd_acc_array.v
//   vvp -n tb [+verbose]

`default_nettype none

module herd_acc_array_tb;

  parameter integer B      = 16;
  parameter integer T      = 8;
  parameter integer FW     = 22;
  parameter integer FSAT   = 0;
  parameter integer READOUT = 0;
  parameter integer IN_REG = 0;
  parameter integer MAC    = 0;
  parameter integer CYCLES = 4000;
  parameter integer SEED   = 1;

  // The contract, as documented in herd_acc_array.v (cycles from input to output).
  localparam integer CAPTURE_LATENCY = 1 + IN_REG;
  localparam integer N_ACC = T * B;
  // The readout: read's cycle, the select, the pair level (ceil(N_ACC / 2) values) and a
  // level for every fourfold reduction from there to one.
  function integer tree_levels(input integer pairs);
    integer m;
    begin
      tree_levels = 0;
      for (m = pairs; m > 1; m = (m + 3) / 4) tree_levels = tree_levels + 1;
    end
  endfunction
  localparam integer READ_LATENCY = IN_REG + 2 + tree_levels((N_ACC + 1) / 2);
  // The overflow check: the register out of range after the add, then the same tree.
  localparam integer OVF_LATENCY  = IN_REG + 2 + tree_levels((N_ACC + 1) / 2);
  localparam integer HIST  = 8;   // depth of the expected-output history (> latencies)
  localparam integer START = 8;   // cycles of start-up before checking begins
  localparam integer WIDE  = (T * B > FW) ? T * B : FW;  // widest compared output
  localparam integer ACC_LATENCY = IN_REG;  // edges from the model's acc to the module's

  reg              clk = 1'b0;
  reg              clear, add, all, capture, read;
  reg  [B-1:0]     colmask;
  reg  [T*FW-1:0]  bus;
  wire [T*B-1:0]   z;
  wire [FW-1:0]    rd_out;
  wire             overflow;

  herd_acc_array #(.B(B), .T(T), .FW(FW), .FSAT(FSAT), .READOUT(READOUT), .IN_REG(IN_REG),
                   .MAC(MAC))
    dut (.clk(clk), .clear(clear), .add(add), .all(all), .colmask(colmask), .bus(bus),
         .capture(capture), .read(read), .z(z), .rd_out(rd_out),
         .overflow(overflow));

  always #5 clk <= ~clk;

  // ---- behavioural model -------------------------------------------------------------
  localparam signed [63:0] HI = (64'sd1 <<< (FW - 1)) - 64'sd1;  // most positive
  localparam signed [63:0] LO = -(64'sd1 <<< (FW - 1));           // most negative
  localparam signed [63:0] MOD = 64'sd1 <<< FW;
  localparam signed [63:0] MOD1 = 64'sd1 <<< (FW + 1);

  reg signed [63:0] m_acc [0:N_ACC-1];  // acc[r][n] at r*B + n
  integer           m_pos;              // the readout's place this cycle (-1: none)
  reg signed [63:0] m_rd;               // the value the readout takes at this edge
  reg [T*B-1:0]     m_z;
  reg signed [63:0] m_ext [0:N_ACC-1];  // each register, FW + 1 bits: WRAP the sum wrapped to
                                        // FW + 1 bits, SAT the last add's exact sum
  reg               m_ovf;              // this cycle's adds overflowed (for the counts)
  reg               m_out;              // some register is out of the FW-bit range: the flag

  // Expected outputs by cycle: index 0 is the value after the latest edge.
  reg [T*B-1:0] exp_z     [0:HIST-1];
  reg [FW-1:0]  exp_rd    [0:HIST-1];  // the readout's value taken at each edge
  reg           exp_ovf   [0:HIST-1];
  reg [N_ACC*FW-1:0] exp_acc [0:HIST-1];
  reg [N_ACC*FW-1:0] m_acc_flat;

  /* verilator lint_off UNUSEDSIGNAL */
  integer seed = SEED;  // $random's state (Verilator's lint does not count that as a use)
  /* verilator lint_on UNUSEDSIGNAL */
  integer cycle, i, r, n, k;
  integer n_ovf = 0, n_sat = 0, n_clear = 0, n_capture = 0, n_read = 0, n_add = 0;
  integer n_add_ok = 0, n_ovf_rise = 0;  // add cycles without overflow; 0 -> 1 edges
  reg signed [63:0] a, b, exact, lim;
  reg [FW-1:0]      word;

  // Signed FW-bit value of row r's bus, sign-extended to 64 bits.
  function signed [63:0] bus_value(input integer row);
    reg [FW-1:0] w;
    begin
      w = bus[row*FW +: FW];
      bus_value = {{(64-FW){w[FW-1]}}, w};
    end
  endfunction

  // One edge of the model, on the inputs of the cycle that edge ends.
  task model_edge;
    begin
      // capture and the readout take the values before this edge's clear/add
      if (capture)
        for (r = 0; r < T; r = r + 1)
          for (n = 0; n < B; n = n + 1)
            m_z[r*B+n] = (m_acc[r*B+n] >= 0);
      m_rd = (READOUT != 0 && m_pos >= 0) ? m_acc[(m_pos % T)*B + m_pos / T] : 64'sd0;
      if (read) m_pos = 0;
      else if (m_pos >= 0) m_pos = (m_pos + 1 < N_ACC) ? m_pos + 1 : -1;
      m_ovf = 1'b0;
      if (clear) begin
        for (i = 0; i < N_ACC; i = i + 1) begin m_acc[i] = 64'sd0; m_ext[i] = 64'sd0; end
      end else if (add) begin
        for (r = 0; r < T; r = r + 1)
          for (n = 0; n < B; n = n + 1)
            if (all || colmask[n]) begin
              a = m_acc[r*B+n];
              b = bus_value(r);
              exact = a + b;
              if (exact > HI || exact < LO) begin
                m_ovf = 1'b1;
                n_ovf = n_ovf + 1;
              end
              if (FSAT != 0) begin
                m_ext[r*B+n] = exact;
                lim = (exact > HI) ? HI : (exact < LO) ? LO : exact;
                if (lim != exact) n_sat = n_sat + 1;
                m_acc[r*B+n] = lim;
              end else begin
                exact = m_ext[r*B+n] + b;  // the register's own sum, wrapped to FW + 1 bits
                m_ext[r*B+n] = (exact > 2*HI + 1) ? exact - MOD1 : (exact < 2*LO) ? exact + MOD1 : exact;
                exact = m_ext[r*B+n];     // and its low FW bits, the value
                m_acc[r*B+n] = (exact > HI) ? exact - MOD : (exact < LO) ? exact + MOD : exact;
              end
            end
      end
      m_out = 1'b0;
      for (i = 0; i < N_ACC; i = i + 1)
        if (m_ext[i] > HI || m_ext[i] < LO) m_out = 1'b1;
    end
  endtask

  // ---- stimulus ----------------------------------------------------------------------
  // 1 with probability 1/(mask+1), mask = 2^k - 1.
  function rand_bit(input integer mask);
    begin
      rand_bit = (($random(seed) & mask) == 0);
    end
  endfunction

  // One bus value, by kind: full range (overflows soon), about half width and -2..1
  // (long runs that stay in range), the two extremes.
  function [FW-1:0] rand_word(input integer sel);
    /* verilator lint_off UNUSEDSIGNAL */
    reg [63:0] x;  // 64 random bits, of which FW and the top one are used
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      x = {$random(seed), $random(seed)};
      case (sel)
        0, 1, 2: rand_word = x[FW-1:0];                          // any value
        3, 4:    rand_word = $signed(x[FW-1:0]) >>> (FW / 2);     // about half width
        5:       rand_word = x[63] ? {1'b0, {(FW-1){1'b1}}}       // the extremes
                                   : {1'b1, {(FW-1){1'b0}}};
        default: rand_word = {{(FW-2){x[1]}}, x[1:0]};           // -2..1
      endcase
    end
  endfunction

  task new_stimulus(input integer c);
    integer p;
    begin
      p       = $random(seed) & 63;
      clear   = (c < 2) || (p == 0);                   // rare after start-up
      capture = (c == 1) || rand_bit(7);
      read    = rand_bit(5);
      add     = (c >= 2) && !rand_bit(3);
      all     = rand_bit(3);
      for (n = 0; n < B; n = n + 1) colmask[n] = rand_bit(1);
      // Phases of 256 cycles: the full mix; only medium and small addends (long runs
      // with adds and no overflow); only full-range addends (overflow nearly always).
      for (r = 0; r < T; r = r + 1)
        case ((c / 256) % 3)
          0:       bus[r*FW +: FW] = rand_word($random(seed) & 7);
          1:       bus[r*FW +: FW] = rand_word(3 + ($random(seed) & 1) * 3);
          default: bus[r*FW +: FW] = rand_word(0);
        endcase
      // now and then, a long read-free run so that walks complete
      if (((c / 512) % 2) == 1 && (c % 512) > 16) read = 1'b0;
      // and some clears together with capture (the copy is taken before the clear)
      if (p == 1) begin clear = 1'b1; capture = 1'b1; end
    end
  endtask

  // what: the output; index: the accumulator r*B+n for "acc", else -1.
  task fail(input [8*16-1:0] what, input integer index,
            input [WIDE-1:0] got, input [WIDE-1:0] want);
    begin
      $write("MISMATCH cycle %0d %0s", cycle, what);
      if (index >= 0) $write(" %0d", index);
      $write(": got %h want %h", got, want);
      $display(" (B=%0d T=%0d FW=%0d FSAT=%0d READOUT=%0d IN_REG=%0d SEED=%0d)",
               B, T, FW, FSAT, READOUT, IN_REG, SEED);
      $fatal(1);
    end
  endtask

  initial begin
    if (dut.CAPTURE_LATENCY != CAPTURE_LATENCY || dut.OVF_LATENCY != OVF_LATENCY ||
        dut.READ_LATENCY != READ_LATENCY) begin
      $display("MISMATCH latency localparams: module %0d/%0d/%0d, testbench %0d/%0d/%0d",
               dut.CAPTURE_LATENCY, dut.OVF_LATENCY, dut.READ_LATENCY,
               CAPTURE_LATENCY, OVF_LATENCY, READ_LATENCY);
      $fatal(1);
    end
    for (i = 0; i < N_ACC; i = i + 1) begin m_acc[i] = 64'sd0; m_ext[i] = 64'sd0; end
    m_pos = -1;
    m_out = 1'b0;
    m_z = {T*B{1'b0}};
    m_ovf = 1'b0;
    for (i = 0; i < HIST; i = i + 1) begin
      exp_z[i] = {T*B{1'b0}}; exp_rd[i] = {FW{1'b0}}; exp_ovf[i] = 1'b0;
      exp_acc[i] = {N_ACC*FW{1'b0}};
    end

    for (cycle = 0; cycle < CYCLES; cycle = cycle + 1) begin
      new_stimulus(cycle);
      if (clear)              n_clear   = n_clear + 1;
      if (capture)            n_capture = n_capture + 1;
      if (read)               n_read    = n_read + 1;
      if (add && !clear)      n_add     = n_add + 1;
      @(posedge clk);
      model_edge;
      for (i = HIST - 1; i > 0; i = i - 1) begin
        exp_z[i] = exp_z[i-1]; exp_rd[i] = exp_rd[i-1]; exp_ovf[i] = exp_ovf[i-1];
        exp_acc[i] = exp_acc[i-1];
      end
      for (i = 0; i < N_ACC; i = i + 1) m_acc_flat[i*FW +: FW] = m_acc[i][FW-1:0];
      exp_acc[0] = m_acc_flat;
      if (add && !clear && !m_ovf) n_add_ok = n_add_ok + 1;
      if (m_out && !exp_ovf[1])    n_ovf_rise = n_ovf_rise + 1;
      exp_z[0]   = m_z;
      exp_ovf[0] = m_out;
      word = m_rd[FW-1:0];
      exp_rd[0] = word;
      // Outputs of cycle `cycle` + 1 (after this edge): compare at mid-cycle.
      #1;
      if (cycle >= START) begin
        // One compare of the whole array; the loop only names the accumulator that
        // differs (a loop of part-selects every cycle was most of Icarus's time).
        if (dut.acc_flat !== exp_acc[ACC_LATENCY])
          for (i = 0; i < N_ACC; i = i + 1)
            if (dut.acc_flat[i*FW +: FW] !== exp_acc[ACC_LATENCY][i*FW +: FW])
              fail("acc", i, {{(WIDE-FW){1'b0}}, dut.acc_flat[i*FW +: FW]},
                   {{(WIDE-FW){1'b0}}, exp_acc[ACC_LATENCY][i*FW +: FW]});
        if (z !== exp_z[CAPTURE_LATENCY-1])
          fail("z", -1, {{(WIDE-T*B){1'b0}}, z},
               {{(WIDE-T*B){1'b0}}, exp_z[CAPTURE_LATENCY-1]});
        // The value taken at edge e (exp_rd) shows READ_LATENCY - 2 edges later: the
        // levels above the pairs, after the input register.
        if (rd_out !== exp_rd[READ_LATENCY-2])
          fail("rd_out", -1, {{(WIDE-FW){1'b0}}, rd_out},
               {{(WIDE-FW){1'b0}}, exp_rd[READ_LATENCY-2]});
        if (overflow !== exp_ovf[OVF_LATENCY-1])
          fail("overflow", -1, {{(WIDE-1){1'b0}}, overflow},
               {{(WIDE-1){1'b0}}, exp_ovf[OVF_LATENCY-1]});
      end
    end
    if ($test$plusargs("verbose"))
      $display({"cycles %0d: add cycles %0d (%0d without overflow), overflowing ",
                "accumulator adds %0d (saturated %0d), overflow rises %0d, clears %0d, ",
                "captures %0d, reads %0d"},
               CYCLES, n_add, n_add_ok, n_ovf, n_sat, n_ovf_rise, n_clear, n_capture,
               n_read);
    $display("PASS");
    $finish;
  end

endmodule

`default_nettype wire
