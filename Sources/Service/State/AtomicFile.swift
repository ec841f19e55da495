import FoundationEssentials
import Glibc

/// Write to `path.tmp`, fsync, rename over `path`, fsync the directory: after a power cut
/// the file is either the old one or the new one, whole. The temporary file is created
/// with O_EXCL|O_NOFOLLOW: one left by a crash (or a link planted there) is removed, never
/// followed. `durable: false` skips the fsyncs (readers still never see half a file): for
/// /run files rewritten every second. `mode`: the file's permissions from its creation on
/// (0o600 for a secret: never readable by others, not even before the rename).
public func writeAtomically(_ data: Data, to path: String, durable: Bool = true, mode: mode_t = 0o644) throws(POSIXFailure) {
    let tmp = path + ".tmp"
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    var fd = open(tmp, flags, mode)
    if fd < 0, errno == EEXIST {
        unlink(tmp)
        fd = open(tmp, flags, mode)
    }
    guard fd >= 0 else { throw POSIXFailure("create \(tmp)", errno) }
    if mode != 0o644, fchmod(fd, mode) != 0 {
        let e = errno
        close(fd)
        unlink(tmp)
        throw POSIXFailure("chmod \(tmp)", e)
    }
    var failure: Int32 = 0
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        guard let base = raw.baseAddress else { return }
        var offset = 0
        while offset < raw.count {
            let n = write(fd, base + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            offset += n
        }
    }
    if failure == 0, durable, fsync(fd) != 0 { failure = errno }
    close(fd)
    guard failure == 0 else {
        unlink(tmp)
        throw POSIXFailure("write \(tmp)", failure)
    }
    guard rename(tmp, path) == 0 else {
        let e = errno
        unlink(tmp)
        throw POSIXFailure("rename \(tmp) to \(path)", e)
    }
    guard durable else { return }
    let dir = parentFolder(of: path)
    let dfd = open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if dfd >= 0 {
        fsync(dfd)
        close(dfd)
    }
}

/// Why a small file could not be read.
public enum SmallFileProblem: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case tooLarge(Int, limit: Int)

    public var description: String {
        switch self {
        case .unreadable(let why): "cannot be read (\(why))"
        case .tooLarge(let size, let limit): "is too large (\(size) bytes; at most \(limit))"
        }
    }
}

/// A small regular file's bytes, or nil when there is none. Anything else (a directory, a
/// FIFO, a file that cannot be opened, one over `limit` bytes) is a problem, said so, so that
/// a state file that cannot be read is never taken for an absent one.
public func readSmallFile(_ path: String, limit: Int) -> Result<Data?, SmallFileProblem> {
    readSmallFileAndMode(path, limit: limit).map { $0?.data }
}

/// A small regular file as read: its bytes, and the permission bits of the very file read.
public struct SmallFile: Sendable, Equatable {
    public let data: Data
    public let mode: mode_t
}

/// The one way Mihrab reads a file whole. The size is checked on the open descriptor
/// (fstat) before a byte is read, and the read stops at `limit` + 1 bytes whatever the size
/// said (a file growing meanwhile, or one whose size lies): a 1 GB file costs a stat, not a
/// gigabyte of memory. O_NONBLOCK: a FIFO planted in a file's place cannot hang the open.
public func readSmallFileAndMode(_ path: String, limit: Int) -> Result<SmallFile?, SmallFileProblem> {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 {
        let e = errno
        // ENXIO: a Unix socket's path, which open() cannot read either.
        return e == ENOENT ? .success(nil) : .failure(.unreadable(e == ENXIO ? "not a regular file" : String(cString: strerror(e))))
    }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
    guard st.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable("not a regular file")) }
    guard st.st_size <= limit else { return .failure(.tooLarge(Int(st.st_size), limit: limit)) }
    // One byte more than the size: reading it means the file grew since the fstat.
    var data = Data(count: Int(st.st_size) + 1)
    var offset = 0
    var failure: Int32 = 0
    while failure == 0 {
        if offset == data.count {
            guard data.count <= limit else { break }
            data.count = min(limit + 1, max(2 * data.count, 4096))
        }
        let n = data.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return read(fd, base + offset, raw.count - offset)
        }
        if n < 0 {
            if errno != EINTR { failure = errno }
            continue
        }
        if n == 0 { break }
        offset += n
    }
    guard failure == 0 else { return .failure(.unreadable(String(cString: strerror(failure)))) }
    guard offset <= limit else { return .failure(.tooLarge(offset, limit: limit)) }
    return .success(SmallFile(data: data.prefix(offset), mode: st.st_mode & 0o7777))
}

/// Moves a file that cannot be used out of the way (`state.json` to `state.json.corrupt`),
/// so that nothing is lost and the next write starts clean. Returns where it went, or nil.
@discardableResult
public func moveAside(_ path: String, suffix: String) -> String? {
    let to = path + suffix
    if rename(path, to) == 0 { return to }
    // A directory in the way of an older one of the same name: make room once.
    if errno == EEXIST || errno == ENOTEMPTY || errno == EISDIR || errno == ENOTDIR {
        let stamped = to + ".\(Int(Date().timeIntervalSince1970))"
        if rename(path, stamped) == 0 { return stamped }
    }
    return nil
}

public struct POSIXFailure: Error, CustomStringConvertible {
    public let description: String
    public let code: Int32
    public init(_ what: String, _ code: Int32) {
        self.code = code
        description = "\(what): \(String(cString: strerror(code)))"
    }
}
