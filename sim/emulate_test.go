package sim

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// loopbackBaudDiv is the test board's bit time in clocks (BAUD_DIV in loopbackBoard).
const loopbackBaudDiv = 10

// loopbackBoard is a stand-in herd_board with the real board's ports: an 8N1 UART that
// sends back every byte it receives plus one, through a FIFO so that back-to-back frames
// in keep the line out busy back to back.
const loopbackBoard = `module herd_board (
  input  wire clk,
  input  wire rx,
  output reg  tx,
  output wire ledr_n,
  output wire ledg_n
);
localparam BAUD_DIV = 10;
reg [1:0] rx_s = 2'b11;
reg rx_busy = 1'b0;
reg [7:0] rx_cnt = 8'd0;
reg [3:0] rx_bit = 4'd0;
reg [7:0] rx_sh = 8'd0;

reg [7:0] fifo [0:15];
reg [3:0] wr = 4'd0, rd = 4'd0;

initial tx = 1'b1;
reg [3:0] tx_n = 4'd0;      // bits of the frame left, the one on the line included
reg [7:0] tx_cnt = 8'd0;
reg [8:0] tx_sh = 9'h1ff;   // the stop bit and the data bits not yet sent, next in bit 0
// A new frame starts in the last cycle of the previous one's stop bit: frames out are as
// long as frames in, or the FIFO would overflow on a long burst.
wire tx_load = tx_n == 4'd0 || (tx_n == 4'd1 && tx_cnt == 8'd0);
assign ledr_n = 1'b1;
assign ledg_n = tx_n == 4'd0;   // lit while a frame is on the line

always @(posedge clk) begin
  rx_s <= {rx_s[0], rx};
  if (!rx_busy) begin
    if (!rx_s[1]) begin
      rx_busy <= 1'b1;
      rx_cnt <= BAUD_DIV / 2 - 1;
      rx_bit <= 4'd0;
    end
  end else if (rx_cnt != 0) begin
    rx_cnt <= rx_cnt - 8'd1;
  end else begin
    rx_cnt <= BAUD_DIV - 1;
    rx_bit <= rx_bit + 4'd1;
    if (rx_bit == 4'd0 && rx_s[1]) rx_busy <= 1'b0;              // a glitch
    if (rx_bit >= 4'd1 && rx_bit <= 4'd8) rx_sh <= {rx_s[1], rx_sh[7:1]};
    if (rx_bit == 4'd9) begin                                      // the stop bit's middle
      rx_busy <= 1'b0;
      fifo[wr] <= rx_sh + 8'd1;
      wr <= wr + 4'd1;
    end
  end

  if (tx_load && rd != wr) begin
    tx <= 1'b0;                                                    // start bit
    tx_sh <= {1'b1, fifo[rd]};
    rd <= rd + 4'd1;
    tx_n <= 4'd10;
    tx_cnt <= BAUD_DIV - 1;
  end else if (tx_n != 0) begin
    if (tx_cnt != 0) begin
      tx_cnt <= tx_cnt - 8'd1;
    end else begin
      tx_cnt <= BAUD_DIV - 1;
      tx_n <= tx_n - 4'd1;
      tx <= tx_n == 4'd1 ? 1'b1 : tx_sh[0];
      tx_sh <= {1'b1, tx_sh[8:1]};
    end
  end
end
endmodule
`

// buildLoopback builds the emulator of loopbackBoard in a temporary directory.
func buildLoopback(tb testing.TB) string {
	tb.Helper()
	if err := CheckSimulator("verilator"); err != nil {
		tb.Skipf("%v: emulator not built", err)
	}
	dir := tb.TempDir()
	rtl := filepath.Join(dir, "rtl")
	require.NoError(tb, os.MkdirAll(rtl, 0o755))
	require.NoError(tb, os.WriteFile(filepath.Join(rtl, "herd_board.v"), []byte(loopbackBoard), 0o644))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	t0 := time.Now()
	bin, err := BuildEmulator(ctx, rtl, []string{"herd_board.v"}, filepath.Join(dir, "build"), EmulatedTop{"herd_board", "clk", "rx", "tx"})
	require.NoError(tb, err)
	tb.Logf("emulator built in %v", time.Since(t0).Round(time.Millisecond))
	return bin
}

// openPTY opens the emulator's pty as a host program opens a serial port.
func openPTY(tb testing.TB, path string) *os.File {
	tb.Helper()
	f, err := os.OpenFile(path, os.O_RDWR|syscall.O_NOCTTY, 0)
	require.NoError(tb, err)
	tb.Cleanup(func() { f.Close() })
	return f
}

// loopback writes in to the pty and reads back as many bytes, within the deadline.
func loopback(tb testing.TB, f *os.File, in []byte, deadline time.Duration) []byte {
	tb.Helper()
	require.NoError(tb, f.SetDeadline(time.Now().Add(deadline)))
	werr := make(chan error, 1)
	go func() {
		_, err := f.Write(in)
		werr <- err
	}()
	got := make([]byte, len(in))
	_, err := io.ReadFull(f, got)
	require.NoError(tb, err, "reading the loopback's reply")
	require.NoError(tb, <-werr)
	return got
}

// TestEmulator builds the emulator of loopbackBoard once for its subtests.
func TestEmulator(t *testing.T) {
	bin := buildLoopback(t)
	t.Run("loopback", func(t *testing.T) { testEmulatorLoopback(t, bin) })
	t.Run("cycle_limit", func(t *testing.T) { testEmulatorCycleLimit(t, bin) })
	t.Run("bad_arguments", func(t *testing.T) { testEmulatorBadArguments(t, bin) })
}

// testEmulatorLoopback sends bytes through the pty and the simulated UART and back.
func testEmulatorLoopback(t *testing.T, bin string) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var stderr strings.Builder
	emu, err := StartEmulator(ctx, bin, loopbackBaudDiv, &stderr)
	require.NoError(t, err)
	defer emu.Stop()
	require.True(t, strings.HasPrefix(emu.PTY, "/dev/pts/"), "pty path %q", emu.PTY)

	f := openPTY(t, emu.PTY)
	in := make([]byte, 1000)
	for i := range in {
		in[i] = byte(i*37 + i/256) // every byte value, 255 wrapping to 0 included
	}
	t0 := time.Now()
	got := loopback(t, f, in, 60*time.Second)
	dt := time.Since(t0)
	for i := range in {
		require.Equal(t, in[i]+1, got[i], "byte %d: sent %#02x", i, in[i])
	}
	t.Logf("%d bytes through the pty and back in %v (%.0f bytes/s each way, the line carries %d cycles a byte)",
		len(in), dt.Round(time.Millisecond), float64(len(in))/dt.Seconds(), 10*loopbackBaudDiv)

	// A second exchange after a pause: the idle line and the rx queue recover.
	time.Sleep(50 * time.Millisecond)
	got = loopback(t, f, []byte{0x10, 0xff}, 10*time.Second)
	require.Equal(t, []byte{0x11, 0x00}, got)

	require.NoError(t, emu.Stop())
	require.NoError(t, emu.Stop(), "a second Stop")
	require.Empty(t, stderr.String(), "the emulator's stderr")
}

// testEmulatorCycleLimit runs the emulator to its +max_cycles limit with the line idle,
// which is how fast it simulates the loopback board.
func testEmulatorCycleLimit(t *testing.T, bin string) {
	const cycles = 20_000_000
	t0 := time.Now()
	out, err := exec.Command(bin, "--baud-div", "10", "+max_cycles=20000000").CombinedOutput()
	dt := time.Since(t0)
	require.NoError(t, err, "%s", out)
	require.Regexp(t, `^pty: /dev/pts/\d+\n$`, string(out))
	t.Logf("%d cycles in %v: %.2f Mcycles/s", cycles, dt.Round(time.Millisecond), cycles/dt.Seconds()/1e6)
}

// testEmulatorBadArguments: the emulator refuses to run without a usable bit time.
func testEmulatorBadArguments(t *testing.T, bin string) {
	out, err := exec.Command(bin).CombinedOutput()
	require.Error(t, err)
	require.Contains(t, string(out), "--baud-div")
	_, err = StartEmulator(context.Background(), bin, 1, nil)
	require.ErrorContains(t, err, "baud divider 1")
}

func TestStartEmulatorMissingBinary(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-emulator")
	_, err := StartEmulator(context.Background(), missing, loopbackBaudDiv, nil)
	require.Error(t, err)
	require.Contains(t, err.Error(), missing)
	var re *RTLError
	require.ErrorAs(t, err, &re)
}

// TestStartEmulatorExitsEarly: a binary that exits without printing its pty is an error
// carrying what it printed to stderr.
func TestStartEmulatorExitsEarly(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	script := filepath.Join(t.TempDir(), "fake-emulator")
	require.NoError(t, os.WriteFile(script, []byte("#!"+sh+"\necho 'no pty for you' >&2\nexit 3\n"), 0o755))
	_, err = StartEmulator(context.Background(), script, loopbackBaudDiv, nil)
	require.ErrorContains(t, err, "exited before it opened its pty")
	require.ErrorContains(t, err, "no pty for you")
}

// BenchmarkEmulatorLoopback measures bytes through the pty, the simulated UART at
// loopbackBaudDiv clocks per bit and back (SetBytes: bytes each way).
func BenchmarkEmulatorLoopback(b *testing.B) {
	bin := buildLoopback(b)
	emu, err := StartEmulator(context.Background(), bin, loopbackBaudDiv, os.Stderr)
	require.NoError(b, err)
	defer emu.Stop()
	f := openPTY(b, emu.PTY)
	in := make([]byte, 64<<10)
	for i := range in {
		in[i] = byte(i)
	}
	b.SetBytes(int64(len(in)))
	b.ResetTimer()
	for range b.N {
		got := loopback(b, f, in, time.Minute)
		if got[len(got)-1] != in[len(in)-1]+1 {
			b.Fatalf("last byte %#02x, want %#02x", got[len(got)-1], in[len(in)-1]+1)
		}
	}
}
