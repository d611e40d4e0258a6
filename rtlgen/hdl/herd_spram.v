// herd_spram: one single-port RAM of 16 bits with a 2^AW-word address space and a
// synchronous read (the word at the address of cycle c shows in cycle c + 1), the shape of
// the iCE40 UP5K's SB_SPRAM256KA (AW = 14). With HERD_ICE40_UP5K defined (herdsim synth does
// so for the UP5K) it is that primitive, which Yosys never infers; otherwise an equivalent
// behavioural RAM of WORDS words, at most 2^DEPTH_AW (the words the core uses: every address
// it writes, and every one whose word it uses, is below WORDS; the address's bits from
// DEPTH_AW up are dropped), for simulation and for parts with block RAM, which their
// synthesis infers from it: a memory of WORDS words takes the block RAM those words need,
// not a power of two's. A write cycle reads nothing (the primitive's output is then undefined; the
// behavioural RAM keeps its last word): the core never uses it.

`default_nettype none

module herd_spram #(
  parameter integer AW = 14,            // address width: the primitive's 16K words
  parameter integer DEPTH_AW = AW,      // the behavioural RAM's address bits
  parameter integer WORDS = 1 << DEPTH_AW  // and its words
) (
  input  wire        clk,
  input  wire [AW-1:0] addr,
  input  wire [15:0] wdata,
  input  wire        we,
  output wire [15:0] rdata
);
`ifdef HERD_ICE40_UP5K
  generate
    if (AW != 14) begin : g_bad_width
      herd_param_error_spram_is_16k_words bad ();
    end
  endgenerate
  SB_SPRAM256KA ram (
    .ADDRESS(addr), .DATAIN(wdata), .MASKWREN(4'hf), .WREN(we), .CHIPSELECT(1'b1),
    .CLOCK(clk), .STANDBY(1'b0), .SLEEP(1'b0), .POWEROFF(1'b1), .DATAOUT(rdata)
  );
`else
  generate
    if (DEPTH_AW > AW || DEPTH_AW < 1 || WORDS > (1 << DEPTH_AW) || WORDS < 1) begin : g_bad_depth
      herd_param_error_spram_depth_beyond_its_address bad ();
    end
  endgenerate
  reg [15:0] mem [0:WORDS-1];
  reg [15:0] q;
  /* verilator lint_off UNUSED */
  wire [AW-1:0] a = addr;  // the bits above DEPTH_AW: 0 wherever the word is used
  /* verilator lint_on UNUSED */
  always @(posedge clk) begin
    if (we) mem[a[DEPTH_AW-1:0]] <= wdata;
    else q <= mem[a[DEPTH_AW-1:0]];
  end
  assign rdata = q;
`endif
endmodule

`default_nettype wire
