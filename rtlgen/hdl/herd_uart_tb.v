// herd_uart_tb: herd_uart_tx's line into herd_uart_rx, seeded random bytes back to back and
// with gaps: every byte arrives once, in order, and the line idles high; a glitch (a start
// bit shorter than half a bit) is no byte. Prints PASS, or FAIL and stops with a non-zero
// exit.

`default_nettype none

module herd_uart_tb #(
  parameter integer BAUD_DIV = 7
) ();
  reg clk = 1'b0;
  always #5 clk = ~clk;
  reg rst, load, glitch;
  reg [7:0] data;
  wire idle, line, stb;
  wire [7:0] got;
  herd_uart_tx #(.BAUD_DIV(BAUD_DIV)) tx (.clk(clk), .rst(rst), .load(load), .data(data), .idle(idle), .tx(line));
  herd_uart_rx #(.BAUD_DIV(BAUD_DIV)) rx (.clk(clk), .rst(rst), .rx(line && !glitch), .stb(stb), .data(got));
  reg [7:0] sent [0:63];
  integer n_sent, n_got, i, seed, gap;
  always @(posedge clk) if (stb) begin
    if (n_got >= n_sent || got !== sent[n_got]) begin
      $display("FAIL byte %0d: got %02h, want %02h (%0d sent)", n_got, got, sent[n_got], n_sent);
      $fatal(1, "herd_uart_tb");
    end
    n_got = n_got + 1;
  end
  initial begin
    seed = 3;
    {rst, load, glitch} = 3'b100;
    n_sent = 0;
    n_got = 0;
    repeat (3) @(negedge clk);
    rst = 1'b0;
    repeat (3) @(negedge clk);
    if (line !== 1'b1) $fatal(1, "herd_uart_tb: the idle line is not high");
    glitch = 1'b1;                    // a third of a bit low: no start bit
    repeat (BAUD_DIV / 3) @(negedge clk);
    glitch = 1'b0;
    repeat (12 * BAUD_DIV) @(negedge clk);
    for (i = 0; i < 64; i = i + 1) begin
      while (!idle) @(negedge clk);
      data = $random(seed);
      sent[n_sent] = data;
      n_sent = n_sent + 1;
      load = 1'b1;
      @(negedge clk);
      load = 1'b0;
      gap = (i % 3 == 0) ? {$random(seed)} % (3 * BAUD_DIV) : 0;
      repeat (gap) @(negedge clk);
    end
    repeat (12 * BAUD_DIV) @(negedge clk);
    if (n_got != n_sent) begin
      $display("FAIL %0d bytes received, %0d sent", n_got, n_sent);
      $fatal(1, "herd_uart_tb");
    end
    $display("PASS");
    $finish;
  end
endmodule

`default_nettype wire
