// herd_spram: one 16K x 16 single-port RAM with a synchronous read (the word at the
// address of cycle c shows in cycle c + 1), the shape of the iCE40 UP5K's SB_SPRAM256KA.
// With HERD_ICE40_UP5K defined (herdsim synth does so for the UP5K) it is that primitive,
// which Yosys never infers; otherwise an equivalent behavioural RAM, for simulation and
// for parts without SPRAM. A write cycle reads nothing (the primitive's output is then
// undefined; the behavioural RAM keeps its last word): the core never uses it.

`default_nettype none

module herd_spram #(
  parameter integer AW = 14  // address width: the primitive's 16K words
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
  reg [15:0] mem [0:(1<<AW)-1];
  reg [15:0] q;
  always @(posedge clk) begin
    if (we) mem[addr] <= wdata;
    else q <= mem[addr];
  end
  assign rdata = q;
`endif
endmodule

`default_nettype wire
