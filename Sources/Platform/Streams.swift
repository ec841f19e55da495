import Glibc

/// Writes `text` whole to standard error (short writes and EINTR retried; a closed stream
/// ignored). FoundationEssentials has no FileHandle.
public func writeStandardError(_ text: String) { writeAll(2, Array(text.utf8)) }

/// Writes `text` whole to standard output.
public func writeStandardOutput(_ text: String) { writeAll(1, Array(text.utf8)) }

/// Writes `bytes` whole to `fd`; false when it could not.
@discardableResult
public func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { return false }
        done += n
    }
    return true
}

/// The folder for temporary files, with a slash at its end: $TMPDIR, else /tmp/ (as
/// Foundation's NSTemporaryDirectory).
public func temporaryDirectory() -> String {
    guard let p = getenv("TMPDIR"), case let dir = String(cString: p), !dir.isEmpty else { return "/tmp/" }
    return dir.hasSuffix("/") ? dir : dir + "/"
}

/// Makes the folder `path` (mode 755 less the umask), and with `intermediate` the folders above
/// it; an existing folder is no error. nil, or why not (strerror's words).
public func makeDirectory(_ path: String, intermediate: Bool) -> String? {
    if intermediate {
        var prefix = ""
        for part in path.split(separator: "/", omittingEmptySubsequences: false).dropLast() {
            prefix += (prefix.isEmpty && !path.hasPrefix("/") ? "" : "/") + part
            if part.isEmpty { prefix = ""; continue }
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { return String(cString: strerror(errno)) }
        }
    }
    if mkdir(path, 0o755) != 0 {
        let e = errno
        var st = stat()
        if e == EEXIST, stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR { return nil }
        return String(cString: strerror(e))
    }
    return nil
}
