// herd_bram_bytes.vh: the byte geometry herdsim's block RAM models share (included inside a
// model's module, which declares BYTE, its bits a byte, 8 or 9, and the array
// `reg [8:0] mem [0:2047]`, BYTE = 8 leaving bit 8 unused).
//
// A port of width w touches, at a 14-bit address AD in units of one bit: for w = 1, 2, 4
// (narrow) the (u mod 8/w)-th w bits of byte u / (8/w), u = AD >> 0, 1, 2 (the ninth bits
// hold no narrow units); for w = 8/9, 16/18, 32/36 the 1, 2 or 4 bytes from u * (bytes),
// u = AD >> 3, 4, 5, whose writes change byte i iff AD[i] (16/18 bits: i = 0, 1; 32/36:
// i = 0 .. 3). Reads and collisions are taken before the edge's writes, which are
// nonblocking.

  function integer shift_of;  // address bits below the unit address
    input integer w;
    shift_of = (w == 1) ? 0 : (w == 2) ? 1 : (w == 4) ? 2 : (w <= 9) ? 3 : (w <= 18) ? 4 : 5;
  endfunction
  function integer bytes_of;
    input integer w;
    bytes_of = (w >= 32) ? 4 : (w >= 16) ? 2 : 1;
  endfunction
  function integer first_byte;
    input integer w;
    input [13:0] ad;
    integer u;
    begin
      u = ad >> shift_of(w);
      first_byte = (w < 8) ? u / (8 / w) : u * bytes_of(w);
    end
  endfunction
  /* verilator lint_off UNUSEDSIGNAL */  // the high address bits
  function integer bit_off;  // a narrow unit's offset in its byte
    input integer w;
    input [13:0] ad;
    integer u;
    begin
      u = ad >> shift_of(w);
      bit_off = (w < 8) ? (u % (8 / w)) * w : 0;
    end
  endfunction
  function [3:0] byte_en;  // the bytes a write changes
    input integer w;
    input [13:0] ad;
    byte_en = (w >= 32) ? ad[3:0] : (w >= 16) ? {2'b0, ad[1:0]} : 4'b0001;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // The word at a port's address: its bytes (BYTE bits each), or the narrow unit.
  function [35:0] read_word;
    input integer w;
    input [13:0] ad;
    integer b, k;
    begin
      b = first_byte(w, ad);
      read_word = 36'b0;
      if (w < 8) begin
        for (k = 0; k < w; k = k + 1) read_word[k] = mem[b][bit_off(w, ad) + k];
      end else
        for (k = 0; k < bytes_of(w); k = k + 1)
          if (BYTE == 9) read_word[9*k +: 9] = mem[b + k];
          else           read_word[8*k +: 8] = mem[b + k][7:0];
    end
  endfunction
  // The word as a write leaves it (WRITE_MODE 1): the read word with the written bytes.
  function [35:0] merge_word;
    input integer w;
    input [13:0] ad;
    input [35:0] old, wd;
    integer k;
    begin
      merge_word = old;
      if (w < 8) begin
        for (k = 0; k < w; k = k + 1) merge_word[k] = wd[k];
      end else
        for (k = 0; k < BYTE * bytes_of(w); k = k + 1)
          if (byte_en(w, ad) >> (k / BYTE) & 1'b1) merge_word[k] = wd[k];
    end
  endfunction
  // The bits of byte k of an access (k = 0 .. 3 from its first byte).
  function [8:0] byte_bits;
    input integer w;
    input [13:0] ad;
    input integer k;
    input wr;
    byte_bits = (w < 8) ? ((k == 0) ? ((9'd1 << w) - 9'd1) << bit_off(w, ad) : 9'd0)
              : (k >= bytes_of(w)) ? 9'd0
              : (wr && !(byte_en(w, ad) >> k & 1'b1)) ? 9'd0 : 9'h1ff;
  endfunction
  // Whether a read and a write at the same edge share a bit (the read shows X).
  function clashes;
    input integer wr_w;
    input [13:0] wr_ad;
    input integer rd_w;
    input [13:0] rd_ad;
    integer i, j;
    begin
      clashes = 1'b0;
      for (i = 0; i < 4; i = i + 1)
        for (j = 0; j < 4; j = j + 1)
          if (first_byte(wr_w, wr_ad) + i == first_byte(rd_w, rd_ad) + j &&
              (byte_bits(wr_w, wr_ad, i, 1'b1) & byte_bits(rd_w, rd_ad, j, 1'b0)) != 9'd0)
            clashes = 1'b1;
    end
  endfunction


  // A write, nonblocking: a read at the same edge (either port) sees the bytes before it.
  task write_port;
    input integer w;
    input [13:0] ad;
    input [35:0] wd;
    integer b, k;
    reg [8:0] nb;
    reg [3:0] be;
    begin
      b = first_byte(w, ad);
      be = byte_en(w, ad);
      if (w < 8) begin
        nb = mem[b];
        for (k = 0; k < w; k = k + 1) nb[bit_off(w, ad) + k] = wd[k];
        mem[b] <= nb;
      end else if (BYTE == 9) begin
        if (be[0])                   mem[b]     <= wd[8:0];
        if (bytes_of(w) > 1 && be[1]) mem[b + 1] <= wd[17:9];
        if (bytes_of(w) > 2 && be[2]) mem[b + 2] <= wd[26:18];
        if (bytes_of(w) > 3 && be[3]) mem[b + 3] <= wd[35:27];
      end else begin
        if (be[0])                   mem[b]     <= {1'b0, wd[7:0]};
        if (bytes_of(w) > 1 && be[1]) mem[b + 1] <= {1'b0, wd[15:8]};
        if (bytes_of(w) > 2 && be[2]) mem[b + 2] <= {1'b0, wd[23:16]};
        if (bytes_of(w) > 3 && be[3]) mem[b + 3] <= {1'b0, wd[31:24]};
      end
    end
  endtask
