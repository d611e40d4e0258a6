package sim

// The link's proof: the board link (herd_link.v) cannot wedge. Its FORMAL block states two
// bounds, proven by k-induction for every input sequence, every reset and every core
// behaviour the core's contract allows:
//   - the receiver: after its last byte the receiver is back in its idle state within
//     2^QUIET_LOG2 + 1 cycles when the frame was cut short, and within 4 x 255 + 11 cycles
//     when it was a whole frame, not counting the cycles a RESET waits for an outgoing
//     frame to end;
//   - the transmitter: every outgoing frame ends within (511 + 6)(10 BAUD_DIV + 21) cycles,
//     given the core's contract: a stream the link reads (records, read-back) offers its
//     next beat within 16 cycles of tready, until the read-back's last beat.
// The model cuts out the receiver's CRC unit and the transmitter's UART and assumes their
// contracts instead (busy falls within 9 cycles of a byte; the UART is idle 10 BAUD_DIV
// cycles after it takes one), which their own FORMAL blocks state and two smaller proofs
// prove. The link's frame buffer's read data is free, as in the handshake proof. The
// parameters are the link's defaults, which are the board top's (BAUD_DIV 10,
// QUIET_LOG2 19).

// The link's sources, as herdsim rtl writes them into an RTL folder.
var linkFiles = []string{"herd_link.v", "herd_uart_rx.v", "herd_uart_tx.v", "herd_crc16.v", "herd_ram.v"}

const linkHint = "the link is written by herdsim rtl for every Arch"

// unitProof is the proof of one small module's own FORMAL block, whole.
func unitProof(name, top string) proofTarget {
	return proofTarget{
		name:  name,
		files: []string{top + ".v"},
		script: "read_verilog -formal -DFORMAL %s; prep -top " + top + "; select -assert-min 1 t:$assert; " +
			"async2sync; dffunmap; write_smt2 model.smt2",
		hint: linkHint,
	}
}

var linkProofs = []proofTarget{
	unitProof("link's CRC", "herd_crc16"),
	unitProof("link's UART", "herd_uart_tx"),
	{
		name:  "link",
		files: linkFiles,
		script: "read_verilog -formal -DFORMAL %s; hierarchy -check -top herd_link; proc; " +
			"cutpoint herd_link/rcrc_unit herd_link/uart_tx; flatten; " + // their contracts are assumed
			"select -assert-min 1 t:$assert; cutpoint t:$mem*; select -assert-none t:$mem*; " +
			"delete -output herd_link/o:*; opt_clean; opt -keepdc; async2sync; dffunmap; write_smt2 model.smt2",
		hint: linkHint,
	},
}

// LinkProof is a passed link proof: its three parts.
type LinkProof struct {
	CRC, UART, Link *ProofResult
}

// ProveLink proves that the board link in an RTL folder cannot wedge (see above). A failed
// assertion is a *ProofFailure naming the part and the assertion; a missing tool or file
// is an *RTLError.
func ProveLink(dir string, opt ProofOptions) (*LinkProof, error) {
	var res []*ProofResult
	for _, target := range linkProofs {
		r, err := prove(dir, target, opt)
		if err != nil {
			return nil, err
		}
		res = append(res, r)
	}
	return &LinkProof{CRC: res[0], UART: res[1], Link: res[2]}, nil
}
