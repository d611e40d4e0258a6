// herd_emulate: a board top in Verilator behind a pseudo-terminal.
//
// The simulated UART pins are bridged to a pty so that a host program opening the
// printed /dev/pts/N talks to the emulated board exactly as to a real board's serial
// port: bytes it writes arrive on rx as 8N1 frames, frames the design sends on tx come
// back to it as bytes. Build with -DHERD_NO_PLL (the PLL has no model) and --prefix
// Vherd_board; HERD_CLK, HERD_RX and HERD_TX name the top's oscillator and UART ports
// (herd_board's clk, rx and tx unless defined: -CFLAGS -DHERD_RX=ftdi_txd).
//
//   herd_emulate --baud-div N [--max-cycles N | +max_cycles=N]
//
// stdout carries exactly one line, "pty: /dev/pts/N"; stderr stays quiet except for
// errors and framing warnings. SIGINT/SIGTERM end the run cleanly (exit 0).

#include "Vherd_board.h"
#include "verilated.h"

#ifndef HERD_CLK
#define HERD_CLK clk
#endif
#ifndef HERD_RX
#define HERD_RX rx
#endif
#ifndef HERD_TX
#define HERD_TX tx
#endif

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <poll.h>
#include <string>
#include <termios.h>
#include <unistd.h>
#include <vector>

namespace {

volatile sig_atomic_t g_stop = 0;

void onSignal(int) { g_stop = 1; }

// Syscalls cost about as much as hundreds of design cycles, so the pty is looked at only
// this often (and when the rx queue runs dry); the kernel's pty buffer (4 KiB) holds far
// more than arrives in that time at any useful baud rate.
constexpr uint64_t kPollEvery = 4096;
// Received bytes are written in batches; this many make a batch full.
constexpr size_t kOutBatch = 256;
// Bytes the host has not read yet are kept (the design never waits for the host, as on a
// real board) up to this much; beyond it the simulation waits for the host to catch up.
constexpr size_t kOutLimit = 1 << 20;
// The rx queue is refilled from the pty only while it holds less than this, so a host that
// writes faster than the line carries is held back by the kernel instead of by our memory.
constexpr size_t kInLimit = 1 << 16;

[[noreturn]] void die(const char* what) {
    std::fprintf(stderr, "herd_emulate: %s: %s\n", what, std::strerror(errno));
    std::exit(2);
}

[[noreturn]] void usage(const char* msg) {
    std::fprintf(stderr, "herd_emulate: %s\nusage: herd_emulate --baud-div N [--max-cycles N | +max_cycles=N]\n", msg);
    std::exit(2);
}

uint64_t parseCount(const char* s, const char* name) {
    char* end = nullptr;
    errno = 0;
    unsigned long long v = std::strtoull(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || s[0] == '-') {
        std::string m = std::string("bad ") + name + " \"" + s + "\"";
        usage(m.c_str());
    }
    return v;
}

// A FIFO of bytes: a vector with a read index, compacted when the read index passes half
// of it, so that pushes and pops are amortised O(1) and a long stream does not grow it.
struct ByteQueue {
    std::vector<uint8_t> buf;
    size_t head = 0;
    size_t size() const { return buf.size() - head; }
    bool empty() const { return head == buf.size(); }
    const uint8_t* data() const { return buf.data() + head; }
    void push(const uint8_t* p, size_t n) { buf.insert(buf.end(), p, p + n); }
    void push(uint8_t b) { buf.push_back(b); }
    uint8_t pop() {
        uint8_t b = buf[head];
        drop(1);
        return b;
    }
    void drop(size_t n) {
        head += n;
        if (head == buf.size()) {
            buf.clear();
            head = 0;
        } else if (head > 4096 && head * 2 > buf.size()) {
            buf.erase(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(head));
            head = 0;
        }
    }
};

struct Pty {
    int master = -1;
    int slave = -1;  // kept open: with no slave open, reads on the master fail with EIO
    std::string path;
};

Pty openPty() {
    Pty p;
    p.master = posix_openpt(O_RDWR | O_NOCTTY);
    if (p.master < 0) die("posix_openpt");
    if (grantpt(p.master) != 0) die("grantpt");
    if (unlockpt(p.master) != 0) die("unlockpt");
    const char* name = ptsname(p.master);
    if (name == nullptr) die("ptsname");
    p.path = name;
    p.slave = open(name, O_RDWR | O_NOCTTY);
    if (p.slave < 0) die("open pty slave");
    // Raw on the slave (the host's end): no echo of our output back into rx, no line
    // buffering or CR/LF translation of binary frames. The settings belong to the
    // terminal, so a host that opens the path later gets them too.
    struct termios tio;
    if (tcgetattr(p.slave, &tio) != 0) die("tcgetattr");
    cfmakeraw(&tio);
    tio.c_cc[VMIN] = 1;
    tio.c_cc[VTIME] = 0;
    if (tcsetattr(p.slave, TCSANOW, &tio) != 0) die("tcsetattr");
    int fl = fcntl(p.master, F_GETFL);
    if (fl < 0 || fcntl(p.master, F_SETFL, fl | O_NONBLOCK) != 0) die("fcntl O_NONBLOCK");
    return p;
}

// readHost moves what the host has written into q without blocking.
void readHost(int fd, ByteQueue& q) {
    uint8_t tmp[4096];
    for (;;) {
        ssize_t n = read(fd, tmp, sizeof tmp);
        if (n > 0) {
            q.push(tmp, static_cast<size_t>(n));
            if (static_cast<size_t>(n) < sizeof tmp) return;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        if (n == 0) return;  // cannot happen while we hold the slave open
        die("read pty");
    }
}

// writeHost writes as much of q as the pty takes now; true when q is empty.
bool writeHost(int fd, ByteQueue& q) {
    while (!q.empty()) {
        ssize_t n = write(fd, q.data(), q.size());
        if (n > 0) {
            q.drop(static_cast<size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return false;
        die("write pty");
    }
    return true;
}

// waitHost waits (up to timeoutMs) for the host to read some of out and hands it what
// it takes, still taking what the host writes into in: a host blocked writing to us must
// not deadlock with us blocked writing to it.
void waitHost(int fd, ByteQueue& out, ByteQueue& in, int timeoutMs) {
    if (writeHost(fd, out)) return;
    struct pollfd pfd = {fd, POLLIN | POLLOUT, 0};
    int r = poll(&pfd, 1, timeoutMs);
    if (r < 0 && errno != EINTR) die("poll pty");
    if (r > 0 && (pfd.revents & POLLIN)) readHost(fd, in);
    writeHost(fd, out);
}

}  // namespace

int main(int argc, char** argv) {
    uint64_t baudDiv = 0;
    uint64_t maxCycles = 0;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--baud-div" || a == "--max-cycles") {
            if (i + 1 >= argc) usage((a + " needs a value").c_str());
            uint64_t v = parseCount(argv[++i], a.c_str());
            (a == "--baud-div" ? baudDiv : maxCycles) = v;
        } else if (a.rfind("--baud-div=", 0) == 0) {
            baudDiv = parseCount(a.c_str() + 11, "--baud-div");
        } else if (a.rfind("--max-cycles=", 0) == 0) {
            maxCycles = parseCount(a.c_str() + 13, "--max-cycles");
        } else if (a.rfind("+max_cycles=", 0) == 0) {
            maxCycles = parseCount(a.c_str() + 12, "+max_cycles");
        } else if (a.rfind("+", 0) != 0) {
            usage(("unknown argument " + a).c_str());
        }
    }
    // Below 2 the middle of a bit is its edge and sampling it is meaningless.
    if (baudDiv < 2) usage("--baud-div N (clock cycles per bit, at least 2) is required");

    // Installed without SA_RESTART so that a wait in poll() returns to notice the stop.
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    // A host that goes away must not kill us through a write.
    signal(SIGPIPE, SIG_IGN);

    Pty pty = openPty();
    std::printf("pty: %s\n", pty.path.c_str());
    std::fflush(stdout);

    const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    ctx->commandArgs(argc, argv);
    const std::unique_ptr<Vherd_board> top{new Vherd_board{ctx.get(), "herd_board"}};

    ByteQueue in, out;
    // Host -> FPGA shifter: bit 0 start, 1..8 data LSB first, 9 stop; -1 idle.
    int rxBit = -1;
    uint64_t rxLeft = 0;  // cycles left in the current bit
    uint8_t rxByte = 0;
    uint8_t rxLevel = 1;
    // FPGA -> host decoder: cycles to the next sample, and which sample it is (0 the start
    // bit's middle, 1..8 data, 9 stop); -1 waiting for a start edge.
    int txBit = -1;
    uint64_t txLeft = 0;
    uint8_t txByte = 0;
    uint8_t txPrev = 1;
    uint64_t txIdle = 0;  // cycles the decoder has been idle since the last byte
    size_t flushAt = kOutBatch;  // out is written when it holds this many bytes
    // A batch is flushed after two frames' time of silence: bursts go out in one write,
    // a lone reply is not held back longer than the line itself would take.
    const uint64_t flushIdle = 20 * baudDiv;
    const uint64_t half = baudDiv / 2;

    top->HERD_CLK = 0;
    top->HERD_RX = 1;
    top->eval();
    uint64_t cycle = 0;
    uint64_t nextPoll = 0;
    while (!g_stop && !ctx->gotFinish() && (maxCycles == 0 || cycle < maxCycles)) {
        // Look at the pty on a timer, and as soon as the queue runs dry while idle.
        if (cycle >= nextPoll) {
            if (in.size() < kInLimit) readHost(pty.master, in);
            if (!out.empty() && writeHost(pty.master, out)) flushAt = kOutBatch;
            nextPoll = cycle + kPollEvery;
        }
        if (rxBit < 0 && !in.empty()) {
            rxByte = in.pop();
            rxBit = 0;
            rxLeft = baudDiv;
            rxLevel = 0;
        }
        top->HERD_RX = rxLevel;  // changed at the falling edge, seen at the next rising edge
        top->HERD_CLK = 1;
        ctx->timeInc(1);
        top->eval();
        const uint8_t tx = top->HERD_TX & 1;
        top->HERD_CLK = 0;
        ctx->timeInc(1);
        top->eval();
        cycle++;

        if (rxBit >= 0 && --rxLeft == 0) {
            rxBit++;
            rxLeft = baudDiv;
            if (rxBit <= 8) {
                rxLevel = (rxByte >> (rxBit - 1)) & 1;
            } else if (rxBit == 9) {
                rxLevel = 1;
            } else {
                rxBit = -1;
                if (in.empty()) nextPoll = cycle;  // more may be waiting: do not idle for long
            }
        }

        if (txBit < 0) {
            if (txPrev && !tx) {
                txBit = 0;
                txLeft = half;
                txIdle = 0;
            } else if (!out.empty() && ++txIdle >= flushIdle) {
                // The line has gone quiet: hand over the batch (an EAGAIN is retried by the
                // timer, or here after another quiet spell).
                if (writeHost(pty.master, out)) flushAt = kOutBatch;
                txIdle = 0;
            }
        } else if (--txLeft == 0) {
            if (txBit == 0) {
                if (tx) {
                    txBit = -1;  // a glitch, not a start bit
                } else {
                    txBit = 1;
                    txLeft = baudDiv;
                }
            } else if (txBit <= 8) {
                txByte = static_cast<uint8_t>((txByte >> 1) | (tx << 7));
                txBit++;
                txLeft = baudDiv;
            } else {
                if (!tx) {
                    std::fprintf(stderr, "framing error at cycle %llu\n", static_cast<unsigned long long>(cycle));
                }
                out.push(txByte);  // delivered anyway, as a real UART does
                txBit = -1;
                txIdle = 0;
                if (out.size() >= flushAt) {
                    // A full batch; when the host is not keeping up, try again only after
                    // another batch so that a stalled host does not cost a syscall a byte.
                    flushAt = writeHost(pty.master, out) ? kOutBatch : out.size() + kOutBatch;
                    if (out.size() >= kOutLimit) {
                        // The host has fallen far behind: wait for it rather than grow
                        // without bound.
                        while (out.size() >= kOutLimit / 2 && !g_stop) waitHost(pty.master, out, in, 100);
                        flushAt = out.size() + kOutBatch;
                    }
                }
            }
        }
        txPrev = tx;
    }

    // Hand over what is left; a host that reads nothing for a second loses it.
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    while (!out.empty() && std::chrono::steady_clock::now() < giveUp) waitHost(pty.master, out, in, 100);
    if (!out.empty()) {
        std::fprintf(stderr, "herd_emulate: %zu bytes the host did not read were dropped at exit\n", out.size());
    }
    top->final();
    close(pty.slave);
    close(pty.master);
    return 0;
}
