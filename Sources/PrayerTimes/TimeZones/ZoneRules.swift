#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A time zone's rules read from the system's tzdata (TZif files under
/// /usr/share/zoneinfo), so that an OS update of tzdata fixes a country's changed DST
/// rules without a new Mihrab. Lookups allocate nothing.
public struct ZoneRules: Sendable, Equatable {
    public struct LocalTimeType: Sendable, Equatable {
        /// Seconds east of UTC.
        public let offset: Int
        public let isDST: Bool
        public let abbreviation: String
    }

    public let identifier: String
    /// UTC seconds of each transition, ascending, and the type in force from it on.
    let transitions: [Int64]
    let transitionTypes: [UInt8]
    let types: [LocalTimeType]
    /// The type before the first transition.
    let initialType: Int
    /// The rule after the last transition (the TZif footer), if any.
    let footer: PosixTimeZone?
    /// Buckets over `transitions` for the lookups (derived from them).
    let index: TransitionIndex
    /// The footer's offset when it has no summer time (zones that gave it up, or never had
    /// it): the offset from the last transition on, without asking the footer.
    let fixedFooterOffset: Int?

    init(identifier: String, transitions: [Int64], transitionTypes: [UInt8], types: [LocalTimeType],
         initialType: Int, footer: PosixTimeZone?) {
        self.identifier = identifier
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.types = types
        self.initialType = initialType
        self.footer = footer
        index = TransitionIndex(transitions)
        fixedFooterOffset = footer.flatMap { $0.daylight == nil ? $0.standard.offset : nil }
    }

    public enum LoadError: Error, Equatable, CustomStringConvertible {
        case invalidName(String)
        case notFound(String)
        case malformed(String, String)
        /// The zone's path holds something other than a file (a FIFO, a socket, a device).
        case notAFile(String, String)

        public var description: String {
            switch self {
            case .invalidName(let n): "time zone '\(n)': not a valid IANA name (like Europe/London)"
            case .notFound(let n): "time zone '\(n)': no such zone in the system's tzdata"
            case .malformed(let n, let why): "time zone '\(n)': tzdata file is malformed (\(why))"
            case .notAFile(let n, let path): "time zone '\(n)': \(path) is not a regular file (a FIFO, a socket or a device is never read)"
            }
        }
    }

    public static let defaultDirectory = "/usr/share/zoneinfo"

    /// Loads an IANA zone ("Europe/London") from `directory`.
    public static func load(_ identifier: String, directory: String = defaultDirectory) throws(LoadError) -> ZoneRules {
        let allowed = identifier.utf8.allSatisfy { c in
            (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39)
                || c == 0x2F || c == 0x5F || c == 0x2D || c == 0x2B
        }
        guard !identifier.isEmpty, allowed, !identifier.hasPrefix("/"),
              !identifier.split(separator: "/").contains("..") else {
            throw .invalidName(identifier.count > 64 ? identifier.prefix(64) + "…" : identifier)  // quoted in messages
        }
        let path = directory + "/" + identifier
        guard let bytes = try readFile(path, identifier) else { throw .notFound(identifier) }
        return try parse(bytes, identifier: identifier)
    }

    /// A fixed offset, for tests and for units configured without a zone.
    public static func fixed(offset: Int, identifier: String = "UTC") -> ZoneRules {
        ZoneRules(identifier: identifier, transitions: [], transitionTypes: [],
                  types: [LocalTimeType(offset: offset, isDST: false, abbreviation: identifier)],
                  initialType: 0, footer: nil)
    }

    /// The local time type in force at a UTC instant.
    public func localTimeType(at unix: Double) -> LocalTimeType {
        let t = Int64(floorInt(unix))
        if let last = transitions.last, t >= last, let type = footer?.localTimeType(at: t) { return type }
        return types[typeIndex(at: t)]
    }

    /// The offset in force at a UTC instant (seconds east of UTC). The hot path of local
    /// times: it reads the type's offset in place, without copying the type (its name).
    public func offset(at unix: Double) -> Int {
        let t = Int64(floorInt(unix))
        // Before the last transition (the index's span ends at it): no footer to ask.
        if let n = index.count(atOrBefore: t, in: transitions), n < transitions.count {
            return types[n == 0 ? initialType : Int(transitionTypes[n - 1])].offset
        }
        return offsetBeyondIndex(at: t)
    }

    /// The offset at t from the footer or the binary search: out of line, so that the index's
    /// path does not pay for the footer's frame.
    @inline(never)
    private func offsetBeyondIndex(at t: Int64) -> Int {
        if let last = transitions.last, t >= last, let fixed = fixedFooterOffset { return fixed }
        if let last = transitions.last, t >= last, let offset = footer?.offset(at: t) { return offset }
        return types[typeIndex(at: t)].offset
    }

    /// The index in `types` of the type in force at t by the transitions alone.
    @inline(__always)
    private func typeIndex(at t: Int64) -> Int {
        let n = index.count(atOrBefore: t, in: transitions) ?? transitionsAtOrBefore(t)
        return n == 0 ? initialType : Int(transitionTypes[n - 1])
    }

    /// How many transitions are at or before t, by binary search (for instants outside the
    /// index's span, and the reference the index is tested against).
    func transitionsAtOrBefore(_ t: Int64) -> Int {
        var lo = 0, hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if transitions[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The zone's standard (winter, non-DST) offset around an instant: the offset in force
    /// when it is not summer time, else that of the nearest time within a year either side
    /// that is not (the offset in force when there is none). Printed timetables "in
    /// standard time" are read on it.
    public func standardOffset(near unix: Double) -> Int {
        let here = localTimeType(at: unix)
        guard here.isDST else { return here.offset }
        for week in 1...53 {
            for sign in [-1.0, 1.0] {
                let t = localTimeType(at: unix + sign * Double(week) * 7 * 86_400)
                if !t.isDST { return t.offset }
            }
        }
        return here.offset
    }

    static func parse(_ b: [UInt8], identifier: String) throws(LoadError) -> ZoneRules {
        func fail(_ why: String) -> LoadError { .malformed(identifier, why) }
        guard b.count >= 44, b[0] == 0x54, b[1] == 0x5A, b[2] == 0x69, b[3] == 0x66 else { throw fail("no TZif header") }
        let version = b[4]
        func be32(_ i: Int) -> Int64 {
            Int64(Int32(bitPattern: UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])))
        }
        func be64(_ i: Int) -> Int64 { be32(i) << 32 | (be32(i + 4) & 0xFFFF_FFFF) }
        func counts(_ h: Int) -> (isut: Int, isstd: Int, leap: Int, time: Int, type: Int, char: Int) {
            (Int(be32(h + 20)), Int(be32(h + 24)), Int(be32(h + 28)), Int(be32(h + 32)), Int(be32(h + 36)), Int(be32(h + 40)))
        }
        var header = 0
        var timeSize = 4
        var c = counts(0)
        if version >= 0x32 {  // '2' or later: skip the 32-bit block, use the 64-bit one
            let v1Size = c.time * 4 + c.time + c.type * 6 + c.char + c.leap * 8 + c.isstd + c.isut
            header = 44 + v1Size
            guard b.count >= header + 44 else { throw fail("truncated") }
            c = counts(header)
            timeSize = 8
        }
        let dataStart = header + 44
        let dataSize = c.time * timeSize + c.time + c.type * 6 + c.char + c.leap * (timeSize + 4) + c.isstd + c.isut
        guard c.type > 0, c.time >= 0, c.char >= 0, b.count >= dataStart + dataSize else { throw fail("truncated") }

        var p = dataStart
        var transitions = [Int64]()
        transitions.reserveCapacity(c.time)
        for _ in 0..<c.time {
            transitions.append(timeSize == 8 ? be64(p) : be32(p))
            p += timeSize
        }
        let transitionTypes = Array(b[p..<p + c.time])
        p += c.time
        guard transitionTypes.allSatisfy({ Int($0) < c.type }) else { throw fail("type index out of range") }
        let charStart = p + c.type * 6
        var types = [LocalTimeType]()
        for i in 0..<c.type {
            let q = p + i * 6
            let idx = Int(b[q + 5])
            guard idx < c.char else { throw fail("abbreviation index out of range") }
            var end = charStart + idx
            while end < charStart + c.char && b[end] != 0 { end += 1 }
            types.append(LocalTimeType(offset: Int(be32(q)), isDST: b[q + 4] != 0,
                                       abbreviation: String(decoding: b[(charStart + idx)..<end], as: UTF8.self)))
        }
        p = dataStart + dataSize

        var footer: PosixTimeZone?
        if timeSize == 8, p < b.count, b[p] == 0x0A {
            var end = p + 1
            while end < b.count && b[end] != 0x0A { end += 1 }
            let text = String(decoding: b[(p + 1)..<end], as: UTF8.self)
            if !text.isEmpty {
                guard let rule = PosixTimeZone(text) else { throw fail("footer '\(text)' not understood") }
                footer = rule
            }
        }
        // RFC 8536: before the first transition, the first type (time type 0).
        return ZoneRules(identifier: identifier, transitions: transitions, transitionTypes: transitionTypes,
                         types: types, initialType: 0, footer: footer)
    }

    /// O_NONBLOCK and a regular file only: a FIFO in a zone's place cannot hang the unit.
    private static func readFile(_ path: String, _ identifier: String) throws(LoadError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENXIO { throw .notAFile(identifier, path) }  // a socket
            return nil
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        guard st.st_mode & S_IFMT == S_IFREG else { throw .notAFile(identifier, path) }
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { return nil }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            if out.count > 1 << 20 { return nil }  // no real zone file is this large
        }
        return out
    }
}
