// NewFile: writing text to a file that must not exist yet.
//
// Scene files Nudge writes (`nudge new`, a save with `w`) never replace anything. Checking for
// the file and then writing it leaves a moment in which another program (or another nudge
// saving the same scene) could create it, so the file is created with O_EXCL, which fails
// when it exists, and only then written. A write that fails part way removes the file, so no
// half scene is left behind. Failures come back as values carrying errno, for the caller to
// word: an existing file is an answer (try another name, or refuse), not an error.
import Foundation

/// Creating a file that does not exist yet and writing text to it.
public enum NewFile {
    /// Why nothing was written.
    public enum Failure: Error, Equatable, Sendable {
        /// A file of that name exists (it was left as it was).
        case exists
        /// The file could not be created; the errno of `open`.
        case cannotCreate(Int32)
        /// The file was created but not written in full, and was removed; the errno of the failure.
        case cannotWrite(Int32)

        /// The system's words for the failure's errno ("Permission denied"); "File exists" for `exists`.
        public var reason: String {
            switch self {
            case .exists: String(cString: strerror(EEXIST))
            case .cannotCreate(let code), .cannotWrite(let code): String(cString: strerror(code))
            }
        }
    }

    /// Creates `path`, which must not exist, and writes `text` to it in UTF-8.
    public static func write(_ text: String, to path: String) -> Result<Void, Failure> {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 {
            let code = errno
            return .failure(code == EEXIST ? .exists : .cannotCreate(code))
        }
        let bytes = Array(text.utf8)
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += n
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            return .failure(.cannotWrite(failure))
        }
        return .success(())
    }
}
