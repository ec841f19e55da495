/// Dates and times as text, written digit by digit into a string's own storage: the hot
/// path of `mihrab times` and of the screens' JSON. String interpolation of the padded
/// parts cost about 11,000 instructions for one ISO 8601 timestamp (callgrind); this, a
/// few hundred. `package`: the unit's event ids and the calendar feed write theirs with it.
package enum DecimalText {
    /// `value` (0 <= value < 10^width) as `width` decimal digits at `buffer[i...]`; `i`
    /// moves past them.
    @inlinable
    package static func put(_ value: Int, width: Int, _ buffer: UnsafeMutableBufferPointer<UInt8>, _ i: inout Int) {
        var v = UInt(truncatingIfNeeded: value)  // unsigned: a division by 10 is a multiplication
        var k = i + width
        while k > i {
            k -= 1
            let q = v / 10
            buffer[k] = 0x30 &+ UInt8(truncatingIfNeeded: v &- q &* 10)
            v = q
        }
        i += width
    }

    /// One ASCII character at `buffer[i]`.
    @inlinable
    package static func put(_ character: Unicode.Scalar, _ buffer: UnsafeMutableBufferPointer<UInt8>, _ i: inout Int) {
        buffer[i] = UInt8(truncatingIfNeeded: character.value)
        i += 1
    }

    /// A date as YYYY-MM-DD at `buffer[i...]` (year 0...9999).
    @inlinable
    package static func put(year: Int, month: Int, day: Int, _ buffer: UnsafeMutableBufferPointer<UInt8>, _ i: inout Int) {
        put(year, width: 4, buffer, &i)
        put("-", buffer, &i)
        put(month, width: 2, buffer, &i)
        put("-", buffer, &i)
        put(day, width: 2, buffer, &i)
    }
}
