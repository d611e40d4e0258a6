package progress

import (
	"io"
	"os"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Bar counts finished units of work.
type Bar struct{ bar *progressbar.ProgressBar }

// enabled reports whether bars should be drawn: on a terminal, or when forced.
func enabled() bool {
	switch os.Getenv("HERDSIM_PROGRESS") {
	case "1":
		return true
	case "0":
		return false
	}
	return term.IsTerminal(int(os.Stderr.Fd()))
}

// New starts a bar of total units with a description; it shows the rate and the time left.
func New(total int, description string) *Bar {
	var w io.Writer = io.Discard
	if enabled() {
		w = os.Stderr
	}
	return &Bar{bar: progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(description),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100_000_000), // 100 ms: cheap in tight loops
		progressbar.OptionClearOnFinish(),
	)}
}

// Add records n finished units.
func (b *Bar) Add(n int) { _ = b.bar.Add(n) }

// Describe replaces the description (a rate the caller measures, say).
func (b *Bar) Describe(description string) { b.bar.Describe(description) }

// Finish completes and clears the bar.
func (b *Bar) Finish() { _ = b.bar.Finish() }
