package board

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	"herdsim/datapath"
	"herdsim/rtlgen"
	"herdsim/testvectors"
)

// RunOptions tune Run.
type RunOptions struct {
	// FrameTimeout is the longest wait for any one frame from the board (a record, a chunk
	// of the read-back).
	FrameTimeout time.Duration
	// Progress, when set, is told each stage's progress: "load" in beats, "run" in
	// iterations, "read" in beats.
	Progress func(stage string, done, total int)
}

// Result is what a board run returns: the capture's words by file name (x_star, z_star,
// cycles, overflow, w_final, b_final, c_final) and how long each stage took.
type Result struct {
	Words                map[string][]testvectors.Word
	Load, Running, Read  time.Duration
	LoadBeats, ReadBeats int
}

// grantStep is the credits the host grants at a time; it stays below rtlgen.MaxCredit
// outstanding, and the reader's queue holds far more frames than that.
const grantStep = 64

// Run loads set's data and initial weights into the board on l, runs the set's T
// iterations, and reads every record and the final W, b and c back. The board must hold
// the set's design (its IDENT design ID).
func Run(ctx context.Context, l *Link, set *testvectors.Set, opt RunOptions) (*Result, error) {
	a, t := set.Arch, set.Iterations
	if opt.FrameTimeout == 0 {
		opt.FrameTimeout = 30 * time.Second
	}
	progress := opt.Progress
	if progress == nil {
		progress = func(string, int, int) {}
	}
	info, err := l.Ident(ctx)
	if err != nil {
		return nil, err
	}
	if info.Version != rtlgen.LinkVersion || info.DesignID != rtlgen.DesignID(a) || info.RB != a.Sizes().RB {
		return nil, linkErr("wrong design on the board: it holds design %08x (link version %d), the vector set needs %08x (version %d): generate it with herdsim rtl and program the board",
			info.DesignID, info.Version, rtlgen.DesignID(a), rtlgen.LinkVersion)
	}
	res := &Result{Words: map[string][]testvectors.Word{}}
	start := time.Now()
	if err := l.Send(ctx, rtlgen.FrameReset, nil); err != nil {
		return nil, err
	}
	stream := rtlgen.SetLoadStream(set)
	res.LoadBeats = len(stream)
	for i := 0; i < len(stream); i += rtlgen.MaxBeats {
		if err := l.Send(ctx, rtlgen.FrameLoad, stream[i:min(i+rtlgen.MaxBeats, len(stream))]); err != nil {
			return nil, err
		}
		progress("load", min(i+rtlgen.MaxBeats, len(stream)), len(stream))
	}
	res.Load = time.Since(start)

	start = time.Now()
	g := &grants{l: l}
	if err := g.grant(ctx, 2*grantStep); err != nil {
		return nil, err
	}
	// RUN n sets the pending count (14 bits): a longer run is several RUNs, each sent once
	// the records of the one before have come, when nothing is pending.
	for it := 0; it < t; {
		n := min(t-it, rtlgen.CmdMaxRun)
		if err := sendCommands(ctx, l, []uint16{rtlgen.Cmd(rtlgen.CmdRun, n)}); err != nil {
			return nil, err
		}
		for end := it + n; it < end; it++ {
			f, err := g.next(ctx, opt.FrameTimeout, rtlgen.FrameRecord, it)
			if err != nil {
				return nil, fmt.Errorf("iteration %d's record: %w", it+1, err)
			}
			addRecord(res.Words, a, f.Payload)
			progress("run", it+1, t)
		}
	}
	res.Running = time.Since(start)

	start = time.Now()
	if err := sendCommands(ctx, l, []uint16{rtlgen.Cmd(rtlgen.CmdRead, 0)}); err != nil {
		return nil, err
	}
	want := rtlgen.ReadBeats(a)
	var beats []uint16
	for chunk := 0; len(beats) < want; chunk++ {
		f, err := g.next(ctx, opt.FrameTimeout, rtlgen.FrameRead, chunk)
		if err != nil {
			return nil, fmt.Errorf("the read-back's chunk %d: %w", chunk, err)
		}
		beats = append(beats, beatsOf(f.Payload)...)
		progress("read", min(len(beats), want), want)
	}
	res.ReadBeats = want
	if err := addWeights(res.Words, a, beats[:want]); err != nil {
		return nil, linkErr("%v", err)
	}
	res.Read = time.Since(start)
	return res, nil
}

// sendCommands sends command beats, a frame at a time.
func sendCommands(ctx context.Context, l *Link, cmds []uint16) error {
	for i := 0; i < len(cmds); i += rtlgen.MaxBeats {
		if err := l.Send(ctx, rtlgen.FrameCmd, cmds[i:min(i+rtlgen.MaxBeats, len(cmds))]); err != nil {
			return err
		}
	}
	return nil
}

// grants keeps the board supplied with credits: a frame is counted as it arrives, and
// another grantStep are granted when that many have come.
type grants struct {
	l                 *Link
	got, sinceGrant   int
	recSeq, chunkSeqs int
}

func (g *grants) grant(ctx context.Context, n int) error {
	return g.l.Send(ctx, rtlgen.FrameGrant, []uint16{uint16(n)})
}

// next takes the next data frame, which must be of type typ and the index-th of its kind
// (its seq is the index mod 256): anything else means the link lost or reordered a frame.
func (g *grants) next(ctx context.Context, timeout time.Duration, typ byte, index int) (Frame, error) {
	f, err := g.l.Next(ctx, timeout)
	if err != nil {
		return f, err
	}
	if f.Type != typ || f.Seq != byte(index) {
		return f, linkErr("expected a %q frame with seq %d, got a %q frame with seq %d: a frame was lost", typ, byte(index), f.Type, f.Seq)
	}
	g.sinceGrant++
	if g.sinceGrant == grantStep {
		g.sinceGrant = 0
		return f, g.grant(ctx, grantStep)
	}
	return f, nil
}

func beatsOf(p []byte) []uint16 {
	out := make([]uint16, len(p)/2)
	for i := range out {
		out[i] = binary.LittleEndian.Uint16(p[2*i:])
	}
	return out
}

// addRecord appends one record's x*, z*, cycle count and overflow flag (rtlgen's record
// layout: datapath.TileSizes XB, ZB and the two tail beats).
func addRecord(words map[string][]testvectors.Word, a datapath.Arch, payload []byte) {
	s := a.Sizes()
	beats := beatsOf(payload)
	signs := func(from, n int) []int8 {
		out := make([]int8, n)
		for j := range out {
			out[j] = -1
			if beats[from+j/16]>>(j%16)&1 == 1 {
				out[j] = 1
			}
		}
		return out
	}
	words[testvectors.NameXStar] = append(words[testvectors.NameXStar], testvectors.SignsWord(signs(0, a.D)))
	words[testvectors.NameZStar] = append(words[testvectors.NameZStar], testvectors.SignsWord(signs(s.XB, a.K)))
	lo, hi := beats[s.XB+s.ZB], beats[s.XB+s.ZB+1]
	words[testvectors.NameCycles] = append(words[testvectors.NameCycles], testvectors.Word{uint64(hi&0x7fff)<<16 | uint64(lo)})
	words[testvectors.NameOverflow] = append(words[testvectors.NameOverflow], testvectors.Word{uint64(hi >> 15)})
}

// addWeights adds the final W, b and c of a read-back.
func addWeights(words map[string][]testvectors.Word, a datapath.Arch, beats []uint16) error {
	img, err := rtlgen.ParseReadBack(a, beats)
	if err != nil {
		return err
	}
	w, b, c := a.WeightsOf(img)
	for _, f := range []struct {
		name string
		vals []int64
		reg  datapath.Reg
	}{{testvectors.NameWFinal, w, datapath.RegW}, {testvectors.NameBFinal, b, datapath.RegB}, {testvectors.NameCFinal, c, datapath.RegC}} {
		ws := make([]testvectors.Word, len(f.vals))
		for i, v := range f.vals {
			ws[i] = testvectors.IntWord(v, a.Spec(f.reg).Format.Word)
		}
		words[f.name] = ws
	}
	return nil
}
