// herd_skip_tb: herd_skip driven as the look-ahead phase machine drives it, through TILES
// positive passes (other phases, PREFETCH, then PASS for batches 0 .. NB-1), with its ROMs
// built from a list of busy-word counts L_b as rtlgen's skipROMs builds them (batch b's
// words at b - 1, batch 0's at NB: LEN - 2 and {L != 0, L - 1}). Each pass lasts
// LEN_b = max(L_b + 4, L_(b-1) + 2, 4) cycles (the machine's at_last_a comes from that
// reference, not from pl_m1). In every cycle of a pass b, at the look-ahead's cycle c:
// pl_m1 = LEN_b - 2; la_rd = c < L_b; la_st = b > 0 && c < L_(b-1); la_zs = b > 0 &&
// c == L_(b-1); outside the passes the three windows are low. enter_pass and batch_a are
// random where the machine does not read them (not at a last cycle; outside a pass).
// LMODE picks the list: 0 every L_b = 0, 1 every L_b = D, 2 mixed (0, D, 1 and others, by
// SEED). Prints PASS, or FAIL and stops with a non-zero exit.

`default_nettype none

module herd_skip_tb #(
  parameter integer D     = 64,
  parameter integer NB    = 8,
  parameter integer LMODE = 2,
  parameter integer SEED  = 1,
  parameter integer TILES = 5
) ();
  localparam integer DW  = (D > 1) ? $clog2(D) : 1;
  localparam integer NBW = ($clog2(NB + 1) > 0) ? $clog2(NB + 1) : 1;
  localparam integer CYW = $clog2(D + 5) + 1;  // a pass's cycles, and the other phases'
  // L_b, the busy X words of batch b.
  function integer busy;
    input integer b;
    begin
      case (LMODE)
        0: busy = 0;
        1: busy = D;
        default:
          case ((b * 5 + SEED * 3) % 6)
            0: busy = 0;
            1: busy = D;
            2: busy = 1;
            default: busy = (b * 13 + SEED * 7) % (D + 1);
          endcase
      endcase
    end
  endfunction
  function integer pass_len;  // LEN_b
    input integer b;
    begin
      pass_len = busy(b) + 4;
      if (b > 0 && busy(b - 1) + 2 > pass_len) pass_len = busy(b - 1) + 2;
    end
  endfunction
  // The ROMs (rtlgen skipROMs): batch b's word at (b + NB) mod (NB + 1).
  function [(NB+1)*CYW-1:0] pass_rom;
    input integer unused;
    integer b;
    begin
      pass_rom = 0;
      for (b = 0; b < NB; b = b + 1)
        pass_rom[((b + NB) % (NB + 1))*CYW +: CYW] = pass_len(b) - 2;
    end
  endfunction
  function [(NB+1)*(DW+1)-1:0] busy_rom;
    input integer unused;
    integer b;
    reg [DW:0] w;
    begin
      busy_rom = 0;
      for (b = 0; b < NB; b = b + 1) begin
        w = (busy(b) == 0) ? 0 : busy(b) - 1;
        w[DW] = busy(b) != 0;
        busy_rom[((b + NB) % (NB + 1))*(DW+1) +: DW+1] = w;
      end
    end
  endfunction
  localparam [(NB+1)*CYW-1:0] PASS_ROM = pass_rom(0);
  localparam [(NB+1)*(DW+1)-1:0] BUSY_ROM = busy_rom(0);

  reg clk = 1'b0;
  always #5 clk = ~clk;
  reg rst, rand_enter;
  reg [NBW-1:0] rand_batch;
  wire [CYW-1:0] pl_m1;
  wire la_rd, la_st, la_zs;
  // The look-ahead machine: its phase, its cycle in it, its length, the batch.
  localparam [1:0] P_IDLE = 2'd0, P_OTHER = 2'd1, P_PREFETCH = 2'd2, P_PASS = 2'd3;
  reg [1:0] ph;
  integer cyc, len, batch;
  wire nx_run = ph != P_IDLE;
  wire nx_pass = ph == P_PASS;
  wire at_last_a = nx_run && cyc == len - 1;
  // Enters PASS next: from PREFETCH, and from a pass but the last batch's.
  wire enter_pass = at_last_a ? (ph == P_PREFETCH || (nx_pass && batch != NB - 1)) : rand_enter;
  wire [NBW-1:0] batch_a = nx_pass ? batch[NBW-1:0] : rand_batch;
  wire [DW-1:0] cyc_aj = cyc[DW-1:0];
  herd_skip #(.D(D), .NB(NB), .CYW(CYW), .PASS_ROM(PASS_ROM), .BUSY_ROM(BUSY_ROM)) dut (
    .clk(clk), .rst(rst), .nx_run(nx_run), .nx_pass(nx_pass), .at_last_a(at_last_a), .enter_pass(enter_pass),
    .batch_a(batch_a), .cyc_aj(cyc_aj), .pl_m1(pl_m1), .la_rd(la_rd), .la_st(la_st), .la_zs(la_zs));

  integer seed, tiles, t, b, n_pass, n_own, n_prev, n_min;
  reg e_rd, e_st, e_zs;
  initial begin
    seed = SEED;
    rst = 1'b1;
    {rand_enter, rand_batch} = 0;
    ph = P_IDLE;
    cyc = 0;
    len = 1;
    batch = 0;
    tiles = 0;
    t = 0;
    {n_pass, n_own, n_prev, n_min} = 0;
    $display("L_b:");
    for (b = 0; b < NB; b = b + 1) $display("  batch %0d: L %0d, LEN %0d", b, busy(b), pass_len(b));
  end

  always @(posedge clk) begin
    // Check this cycle's outputs (the values before the edge).
    if (ph == P_PASS) begin
      e_rd = cyc < busy(batch);
      e_st = batch > 0 && cyc < busy(batch - 1);
      e_zs = batch > 0 && cyc == busy(batch - 1);
      if (pl_m1 !== pass_len(batch) - 2 || la_rd !== e_rd || la_st !== e_st || la_zs !== e_zs) begin
        $display("FAIL tile %0d batch %0d cycle %0d: pl_m1 %0d la_rd %0b la_st %0b la_zs %0b, want %0d %0b %0b %0b (L_b %0d, L_(b-1) %0d)",
          tiles, batch, cyc, pl_m1, la_rd, la_st, la_zs, pass_len(batch) - 2, e_rd, e_st, e_zs,
          busy(batch), batch > 0 ? busy(batch - 1) : 0);
        $fatal(1, "herd_skip_tb");
      end
    end else if (!rst && (la_rd !== 1'b0 || la_st !== 1'b0 || la_zs !== 1'b0)) begin
      $display("FAIL tile %0d, outside a pass (phase %0d cycle %0d): la_rd %0b la_st %0b la_zs %0b", tiles, ph, cyc, la_rd, la_st, la_zs);
      $fatal(1, "herd_skip_tb");
    end
    // The look-ahead machine's step.
    t = t + 1;
    rst <= t < 3;
    {rand_enter, rand_batch} <= $random(seed);
    if (ph == P_IDLE) begin
      if (t > 5) begin
        ph <= P_OTHER;
        cyc <= 0;
        len <= 1 + {$random(seed)} % 5;
      end
    end else if (!at_last_a) begin
      cyc <= cyc + 1;
    end else begin
      cyc <= 0;
      case (ph)
        P_OTHER: begin
          ph <= P_PREFETCH;
          len <= 3 + {$random(seed)} % 4;  // at least 3: the ROM's address, then its word
        end
        P_PREFETCH: begin
          ph <= P_PASS;
          batch <= 0;
          len <= pass_len(0);
        end
        default: begin
          // Which term of the pass's length ruled.
          n_pass = n_pass + 1;
          if (len == busy(batch) + 4 && len > 4) n_own = n_own + 1;
          if (batch > 0 && len == busy(batch - 1) + 2 && len > busy(batch) + 4) n_prev = n_prev + 1;
          if (len == 4) n_min = n_min + 1;
          if (batch == NB - 1) begin
            ph <= P_OTHER;
            len <= 1 + {$random(seed)} % 5;
            tiles = tiles + 1;
          end else begin
            batch <= batch + 1;
            len <= pass_len(batch + 1);
          end
        end
      endcase
    end
    if (tiles == TILES) begin
      $display("passes %0d: LEN from L_b %0d, from L_(b-1) %0d, the least %0d", n_pass, n_own, n_prev, n_min);
      $display("PASS");
      $finish;
    end
  end
endmodule

`default_nettype wire
