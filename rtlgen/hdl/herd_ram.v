// herd_ram: a block RAM of DEPTH words of W bits with one write port and one read port, the
// read registered: the word at ra in cycle c shows on rd in cycle c + 1 (while re is high;
// rd holds otherwise). A word is SLOTS slots of W / SLOTS bits, each with its own write
// enable. Its initial contents are INIT_WORDS (word i at bits [i W +: W]) with INIT = 1, else
// undefined (a block RAM's initial contents; a ROM is a herd_ram that is never written).
//
// Every user reads an address in a cycle it does not write it, or does not care which word
// it reads then (the herd_core comments say which), so no_rw_check spares Yosys the
// collision logic; ram_style keeps small ones in block RAM too, where Yosys would build
// them from flip-flops and multiplexers though the block RAMs are free.

`default_nettype none

module herd_ram #(
  parameter integer W         = 16,  // bits a word
  parameter integer DEPTH     = 256, // words
  parameter integer SLOTS     = 1,   // write-enable slots a word (W / SLOTS bits each)
  parameter integer INIT      = 0,   // 1: the words start at INIT_WORDS
  parameter [W*DEPTH-1:0] INIT_WORDS = 0,
  parameter integer AW        = (DEPTH > 2) ? $clog2(DEPTH) : 1
) (
  input  wire             clk,
  input  wire [SLOTS-1:0] we,
  input  wire [AW-1:0]    wa,
  input  wire [W-1:0]     wd,
  input  wire             re,
  input  wire [AW-1:0]    ra,
  output reg  [W-1:0]     rd
);
  localparam integer SW = W / SLOTS;
  generate
    if (SW * SLOTS != W || (1 << AW) < DEPTH) begin : g_bad_shape
      herd_param_error_ram_shape bad ();
    end
  endgenerate
  (* no_rw_check, ram_style = "block" *) reg [W-1:0] mem [0:DEPTH-1];
  integer i;
  initial if (INIT != 0)
    for (i = 0; i < DEPTH; i = i + 1) mem[i] = INIT_WORDS[i*W +: W];
  genvar s;
  generate
    if (SLOTS == 1) begin : g_word
      always @(posedge clk) if (we[0]) mem[wa] <= wd;
    end else begin : g_slots
      for (s = 0; s < SLOTS; s = s + 1) begin : g_slot
        always @(posedge clk) if (we[s]) mem[wa][s*SW +: SW] <= wd[s*SW +: SW];
      end
    end
  endgenerate
  always @(posedge clk) if (re) rd <= mem[ra];
endmodule

`default_nettype wire
