import CI2C

#if canImport(Glibc)
import Glibc
#endif

/// How register reads go over an adapter: plain I2C transfers where the adapter
/// supports them, SMBus transfers where it does not (i2c-stub and some real adapters).
public enum I2CTransferPath: Sendable, Equatable {
    case plainI2C
    case smbusBlock
    case smbusByte

    /// Chooses the path from the adapter's I2C_FUNCS mask.
    public static func choose(functions: UInt) -> I2CTransferPath? {
        if functions & UInt(MIHRAB_I2C_FUNC_I2C) != 0 { return .plainI2C }
        if functions & UInt(MIHRAB_I2C_FUNC_SMBUS_READ_I2C_BLOCK) != 0 { return .smbusBlock }
        if functions & UInt(MIHRAB_I2C_FUNC_SMBUS_BYTE_DATA) == UInt(MIHRAB_I2C_FUNC_SMBUS_BYTE_DATA) {
            return .smbusByte
        }
        return nil
    }
}

/// An i2c-dev adapter (`/dev/i2c-N`).
public final class I2CBus: @unchecked Sendable {
    // @unchecked: the file descriptor is owned by this object and used through it only.
    private let fd: Int32
    public let path: String
    public let functions: UInt
    public let transferPath: I2CTransferPath

    public convenience init(bus: Int) throws(SystemError) {
        try self.init(path: "/dev/i2c-\(bus)")
    }

    public init(path: String) throws(SystemError) {
        let fd = mihrab_i2c_open(path)
        if fd < 0 { throw SystemError("open I2C bus", path, errno: -fd) }
        var funcs: UInt = 0
        let r = mihrab_i2c_functions(fd, &funcs)
        if r < 0 {
            _ = mihrab_i2c_close(fd)
            throw SystemError("query I2C adapter functions of", path, errno: -r)
        }
        guard let transferPath = I2CTransferPath.choose(functions: funcs) else {
            _ = mihrab_i2c_close(fd)
            throw SystemError("use I2C adapter", "\(path) (supports neither I2C nor SMBus byte transfers)",
                              errno: EOPNOTSUPP)
        }
        self.fd = fd
        self.path = path
        self.functions = funcs
        self.transferPath = transferPath
    }

    deinit { _ = mihrab_i2c_close(fd) }

    private func target(_ address: UInt8, _ register: UInt8? = nil) -> String {
        let hex = { (v: UInt8) in "0x" + String(v, radix: 16, uppercase: false) }
        return "\(path) address \(hex(address))" + (register.map { " register \(hex($0))" } ?? "")
    }

    /// Reads `count` bytes starting at `register` (auto-increment assumed by the chip).
    public func readRegisters(_ address: UInt8, _ register: UInt8, into buffer: inout [UInt8],
                              count: Int) throws(SystemError) {
        if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
        switch transferPath {
        case .plainI2C:
            var reg = register
            let r = buffer.withUnsafeMutableBufferPointer { out in
                mihrab_i2c_transfer(fd, address, &reg, 1, out.baseAddress, count)
            }
            if r < 0 { throw SystemError("read", target(address, register), errno: -r) }
        case .smbusBlock, .smbusByte:
            try select(address)
            var done = 0
            while done < count {
                let reg = register &+ UInt8(truncatingIfNeeded: done)
                if transferPath == .smbusBlock {
                    let n = min(32, count - done)
                    let r = buffer.withUnsafeMutableBufferPointer { out -> Int32 in
                        guard let base = out.baseAddress else { return -EINVAL }
                        return mihrab_smbus_read_block(fd, reg, UInt8(n), base + done)
                    }
                    if r < 0 { throw SystemError("read", target(address, reg), errno: -r) }
                    if r == 0 { throw SystemError("read", target(address, reg), errno: EIO) }
                    done += Int(r)
                } else {
                    let r = mihrab_smbus_read_byte_data(fd, reg)
                    if r < 0 { throw SystemError("read", target(address, reg), errno: -r) }
                    buffer[done] = UInt8(truncatingIfNeeded: r)
                    done += 1
                }
            }
        }
    }

    public func writeRegister(_ address: UInt8, _ register: UInt8, _ value: UInt8) throws(SystemError) {
        switch transferPath {
        case .plainI2C:
            var bytes: (UInt8, UInt8) = (register, value)
            let r = withUnsafeBytes(of: &bytes) { raw in
                mihrab_i2c_transfer(fd, address, raw.bindMemory(to: UInt8.self).baseAddress, 2, nil, 0)
            }
            if r < 0 { throw SystemError("write", target(address, register), errno: -r) }
        case .smbusBlock, .smbusByte:
            try select(address)
            let r = mihrab_smbus_write_byte_data(fd, register, value)
            if r < 0 { throw SystemError("write", target(address, register), errno: -r) }
        }
    }

    private func select(_ address: UInt8) throws(SystemError) {
        let r = mihrab_i2c_set_address(fd, address)
        if r < 0 { throw SystemError("select", target(address), errno: -r) }
    }
}
