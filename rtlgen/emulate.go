package rtlgen

import _ "embed"

// The board emulator's Verilator harness: a C++ main that runs herd_board with its UART
// pins bridged to a pseudo-terminal. It lives here, beside the Verilog it drives, so that
// a change of the board's pins and the harness are reviewed together; sim builds it.

//go:embed hdl/herd_emulate.cpp
var emulatorSource string

// EmulatorFile is the harness's file name in a build directory.
const EmulatorFile = "herd_emulate.cpp"

// EmulatorSource is the C++ source of the board emulator (hdl/herd_emulate.cpp): run as
// `herd_emulate --baud-div N [+max_cycles=N]`, it prints "pty: /dev/pts/N" and bridges that
// pty to herd_board's rx and tx at N clocks per bit until SIGINT or SIGTERM.
func EmulatorSource() string { return emulatorSource }
