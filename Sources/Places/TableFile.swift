import Glibc

/// The table's bytes, read whole for one search and dropped after it: the daemon holds no
/// table between searches. Size-checked before a byte is read; a regular file only (a FIFO in
/// its place cannot hang the unit).
struct TableFile {
    /// The header's first field: the format and its version.
    static let magic = "#mihrab-places 1"
    /// The table is 2.4 MB; four times that is no table of ours.
    static let limit = 10 << 20

    let path: String
    let bytes: [UInt8]

    static func read(_ path: String) throws(PlaceError) -> TableFile {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw .missing(path: path) }
            if code == ENXIO { throw .notAFile(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path: path) }
        let size = Int(st.st_size)
        guard size <= limit else { throw .tooLarge(path: path, size: size, limit: limit) }
        // One byte more than the size: reading it means the file grew since the fstat.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(fd, base + filled, buffer.count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            filled += n
        }
        guard filled <= size else { throw .tooLarge(path: path, size: filled, limit: size) }
        bytes.removeLast(bytes.count - filled)
        let file = TableFile(path: path, bytes: bytes)
        try file.checkHeader()
        return file
    }

    private func checkHeader() throws(PlaceError) {
        let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let header = bytes[..<end]
        let field = header.split(separator: 0x09, maxSplits: 1, omittingEmptySubsequences: false).first ?? header
        guard field.elementsEqual(Self.magic.utf8) else {
            throw .corrupt(path: path, line: 1, reason: "not a table of places (its first line does not start with '\(Self.magic)')")
        }
    }

    /// Each place's line after the header, with its number (the header is line 1), split at
    /// its tabs into exactly `PlaceRow.columns` fields; a line with more or fewer is an error
    /// naming it. A last line without its newline counts; an empty one at the end does not.
    func forEachRow(_ body: (_ fields: [ArraySlice<UInt8>], _ line: Int) throws(PlaceError) -> Void) throws(PlaceError) {
        var start = (bytes.firstIndex(of: 0x0A) ?? bytes.count) + 1
        var line = 1
        var fields = [ArraySlice<UInt8>]()
        fields.reserveCapacity(PlaceRow.columns)
        while start < bytes.count {
            line += 1
            var end = start
            fields.removeAll(keepingCapacity: true)
            var fieldStart = start
            while end < bytes.count && bytes[end] != 0x0A {
                if bytes[end] == 0x09 {
                    fields.append(bytes[fieldStart..<end])
                    fieldStart = end + 1
                }
                end += 1
            }
            fields.append(bytes[fieldStart..<end])
            guard fields.count == PlaceRow.columns else {
                throw .corrupt(path: path, line: line, reason: "\(fields.count) fields, not \(PlaceRow.columns)")
            }
            try body(fields, line)
            start = end + 1
        }
    }
}
