import Glibc

/// printf's formatting (`%.1f`, `%02ld`, `%+6.1f`, `%02x`, `%s` with a C string...), as
/// vsnprintf does it. FoundationEssentials has no `String(format:)`. A Swift Int is 64 bits:
/// give it as `%ld`.
public func cFormat(_ format: String, _ arguments: any CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 256)
        // vsnprintf consumes the list: a second pass (for a longer result) needs a copy of it,
        // which Swift cannot make, so the whole is formatted again from a fresh list.
        let n = Int(vsnprintf(&buffer, buffer.count, format, list))
        if n < buffer.count { return stringFromCBuffer(buffer) }
        return withVaList(arguments) { again in
            var longer = [CChar](repeating: 0, count: n + 1)
            _ = vsnprintf(&longer, longer.count, format, again)
            return stringFromCBuffer(longer)
        }
    }
}

/// Bytes as lowercase hexadecimal, two digits each.
public func hexString(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
    return String(decoding: out, as: UTF8.self)
}

/// A C string in a buffer, up to its first NUL (all of it when there is none), read as UTF-8.
public func stringFromCBuffer(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
