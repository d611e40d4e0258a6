package rtlgen

// The tiled core's command stream (s_axis_cmd): one 16-bit beat a command, the op in bits
// 15:14 and its argument in bits 13:0.
const (
	CmdRun     = 0 // RUN n: the pending count (iterations not yet begun) becomes n
	CmdStop    = 1 // STOP: drop the iterations not yet begun (RUN 0); the running one completes and sends its record
	CmdRead    = 2 // READ: once idle, stream W, b and c out on m_axis_read
	CmdArgBits = 14
	CmdMaxRun  = 1<<CmdArgBits - 1
)

// Cmd is the command beat of op with argument n.
func Cmd(op, n int) uint16 { return uint16(op<<CmdArgBits | n&CmdMaxRun) }
