// TerminalOutput: the one road from the playground to the terminal, which never blocks the loop.
//
// A terminal that reads slowly (a sixel terminal busy decoding, a slow link, a paused tmux
// client) makes write() block once the kernel's buffer is full, and a loop that blocks in
// write() runs the world in slow motion. So nothing the loop draws is written to the terminal
// directly: every byte goes into a pipe (made 1 MiB where the kernel allows, far more than one
// frame), and a thread of its own reads the pipe eagerly and writes to the terminal at whatever
// pace it reads, 4 KiB at a time. The loop asks `isIdle` before each frame: when bytes of an
// earlier frame are still on their way, the new frame is not drawn at all (the driver keeps
// what the terminal shows and the next frame that goes out carries every change), so a frame is
// either queued whole or dropped whole and at most one frame waits, never a backlog. TIOCOUTQ
// cannot replace this: on a pseudo-terminal, which is what every emulator is, it reads 0.
//
// ncurses writes its own bytes with write() on its output descriptor; the driver points that
// descriptor at the pipe for the length of one doupdate (`redirect`), and back at the terminal
// afterwards, so termios and window-size calls still find the terminal.
//
// Leaving (`finish`): what is still queued is stale and dropped (a string cut in the middle,
// such as a sixel image, is closed with ST so the terminal does not swallow what follows); the
// bytes given after that (mouse tracking off and the like) are drained, blocking, for at most
// `seconds`. The writer thread blocks every signal, so signals reach the loop as before.

import CNCursesW
#if canImport(Glibc)
import Glibc
#endif

final class TerminalOutput: @unchecked Sendable {
    /// The pipe's write end (what ncurses is pointed at during a doupdate).
    let pipeWrite: Int32
    private let pipeRead: Int32
    private let terminal: Int32
    private var mutex = pthread_mutex_t()
    /// Read from the pipe, not yet written; bytes before `start` are written.
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of `buffer` (from `start`) in the write() under way.
    private var inFlight = 0
    private var ended = false
    private var thread: pthread_t?

    static let chunk = 4096
    /// F_SETPIPE_SZ (Linux), which Glibc hides without _GNU_SOURCE.
    private static let setPipeSize: Int32 = 1031

    /// A writer to `terminal`; nil when no pipe or thread can be had (the caller writes directly).
    init?(terminal: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        pipeRead = fds[0]; pipeWrite = fds[1]; self.terminal = terminal
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(pipeWrite, Self.setPipeSize, 1 << 20)
        _ = fcntl(pipeRead, F_SETFL, fcntl(pipeRead, F_GETFL) | O_NONBLOCK)
        pthread_mutex_init(&mutex, nil)
        // The thread inherits a mask that blocks every signal: they stay the loop's.
        var all = sigset_t(), old = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &old)
        var t = pthread_t()
        let made = pthread_create(&t, nil, { context in
            Unmanaged<TerminalOutput>.fromOpaque(context!).takeUnretainedValue().run()
            return nil
        }, Unmanaged.passUnretained(self).toOpaque())
        pthread_sigmask(SIG_SETMASK, &old, nil)
        guard made == 0 else { close(pipeRead); close(pipeWrite); return nil }
        thread = t
    }

    deinit {
        if thread != nil { finish(within: 0) }
        pthread_mutex_destroy(&mutex)
    }

    /// Queues `bytes` (never blocks for longer than the thread takes to empty the pipe).
    func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { nudge_write_all(pipeWrite, $0, buf.count) }
        }
    }

    /// True when everything queued has reached the terminal (the kernel took it).
    var isIdle: Bool {
        pthread_mutex_lock(&mutex); defer { pthread_mutex_unlock(&mutex) }
        var unread: Int32 = 0
        _ = ioctl(pipeRead, UInt(FIONREAD), &unread)
        return unread == 0 && start == buffer.count
    }

    /// Waits at most `seconds` for what is queued to reach the terminal; true when it did.
    @discardableResult
    func drain(within seconds: Double) -> Bool {
        var waited = 0.0
        while !isIdle {
            if waited >= seconds { return false }
            usleep(2000); waited += 0.002
        }
        return true
    }

    /// Points descriptor `fd` (ncurses' output) at the pipe, or back at `terminalCopy`.
    static func redirect(_ fd: Int32, to target: Int32) { _ = dup2(target, fd) }

    /// Drops what is queued and not yet under way, queues `last`, and waits at most `seconds`
    /// for it to reach the terminal; then the thread ends. Idempotent.
    func finish(within seconds: Double, last: [UInt8] = []) {
        guard let t = thread else { return }
        thread = nil
        pthread_mutex_lock(&mutex)
        readPipe()
        let end = start + inFlight
        if end < buffer.count {
            buffer.removeSubrange(end...)
            // Perhaps cut inside a string (a sixel DCS, a kitty APC): ST closes it, and is
            // ignored where none was open.
            buffer += [0x1B, 0x5C]
        }
        pthread_mutex_unlock(&mutex)
        write(last)
        close(pipeWrite)
        var waited = 0.0
        while waited < seconds {
            pthread_mutex_lock(&mutex); let done = ended; pthread_mutex_unlock(&mutex)
            if done { break }
            usleep(2000); waited += 0.002
        }
        pthread_mutex_lock(&mutex); let done = ended; pthread_mutex_unlock(&mutex)
        if done { pthread_join(t, nil) } else {
            // The terminal takes nothing: leave the thread to it (its writes end when the
            // terminal goes) and let the caller carry on.
            pthread_mutex_lock(&mutex); buffer.removeAll(); start = 0; pthread_mutex_unlock(&mutex)
            pthread_detach(t)
        }
    }

    // MARK: The writer thread

    /// Everything the pipe holds, appended to `buffer`; false at end of file. Call locked.
    @discardableResult
    private func readPipe() -> Bool {
        var scratch = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(pipeRead, &scratch, scratch.count)
            if n > 0 { buffer += scratch[0..<n]; continue }
            if n == 0 { return false }
            if errno == EINTR { continue }
            return true   // EAGAIN: empty for now
        }
    }

    private func run() {
        var open = true
        while true {
            pthread_mutex_lock(&mutex)
            if open { open = readPipe() }
            if start == buffer.count {
                buffer.removeAll(keepingCapacity: buffer.capacity < 1 << 20)
                start = 0
                if !open { ended = true; pthread_mutex_unlock(&mutex); close(pipeRead); return }
                pthread_mutex_unlock(&mutex)
                var p = pollfd(fd: pipeRead, events: Int16(POLLIN), revents: 0)
                _ = poll(&p, 1, -1)
                continue
            }
            let count = min(Self.chunk, buffer.count - start)
            let bytes = Array(buffer[start..<(start + count)])
            inFlight = count
            pthread_mutex_unlock(&mutex)
            var n = 0
            while n < count {
                let k = bytes.withUnsafeBytes { Glibc.write(terminal, $0.baseAddress! + n, count - n) }
                if k < 0 { if errno == EINTR { continue }; break }
                n += k
            }
            pthread_mutex_lock(&mutex)
            inFlight = 0
            if n < count {
                // The terminal is gone (EIO, EBADF): nothing more can reach it.
                start = buffer.count
            } else {
                start += count
            }
            pthread_mutex_unlock(&mutex)
        }
    }
}
