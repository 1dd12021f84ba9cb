import Foundation

/// A one-line progress display on standard error: done/total, elapsed time and an estimate of
/// the time left. Drawn only when standard error is a terminal; safe to call from any thread.
final class ProgressLine: @unchecked Sendable {
    private let label: String
    private let isEnabled: Bool
    private let lock = NSLock()
    private var total = 0
    private var start = Date()
    private var lastDraw = Date.distantPast

    init(label: String, enabled: Bool) {
        self.label = label
        self.isEnabled = enabled && isatty(STDERR_FILENO) != 0
    }

    /// Starts counting `total` items from now.
    func start(total: Int) {
        lock.withLock {
            self.total = total
            start = Date()
        }
    }

    /// Records that `done` items are finished; redraws at most ten times a second.
    func update(_ done: Int) {
        guard isEnabled else { return }
        lock.withLock {
            let now = Date()
            guard done == total || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
            lastDraw = now
            let elapsed = now.timeIntervalSince(start)
            let remaining = done > 0 ? elapsed / Double(done) * Double(total - done) : nil
            let percent = total > 0 ? done * 100 / total : 100
            var line = "\(label) \(done)/\(total) (\(percent)%) · \(Self.clock(elapsed)) elapsed"
            if let remaining, done < total { line += " · ETA \(Self.clock(remaining))" }
            FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
        }
    }

    /// Ends the line so later output starts on a fresh one.
    func finish() {
        guard isEnabled else { return }
        lock.withLock { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    static func clock(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
