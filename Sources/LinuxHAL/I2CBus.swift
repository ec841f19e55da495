import CI2C
import HAL

#if canImport(Glibc)
import Glibc
#endif

/// How transactions go over an adapter: plain I2C transfers where the adapter supports
/// them, SMBus transfers where it does not (i2c-stub and some real adapters).
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

/// An i2c-dev adapter (`/dev/i2c-N`) as an `I2CBus`.
public final class LinuxI2CBus: I2CBus {
    private let fd: Int32
    public let name: String
    public let functions: UInt
    public let transferPath: I2CTransferPath
    private var selected: UInt8?

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
        if transferPath != .plainI2C, let reason = mihrab_i2c_library_error() {
            _ = mihrab_i2c_close(fd)
            throw SystemError.libi2cMissing(path, String(cString: reason))
        }
        self.fd = fd
        self.name = path
        self.functions = funcs
        self.transferPath = transferPath
    }

    deinit { _ = mihrab_i2c_close(fd) }

    /// errno to the HAL's error kinds (i2c-dev returns ENXIO or EREMOTEIO for a NACK,
    /// depending on the adapter driver).
    static func kind(_ errno: Int32) -> I2CError.Kind {
        switch errno {
        case ENXIO, EREMOTEIO: .addressNotAcknowledged
        case EIO, EAGAIN, EPROTO: .busError
        case ETIMEDOUT: .timeout
        case ENODEV, ENOENT, EBADF: .deviceGone
        case EOPNOTSUPP, EINVAL: .unsupported
        default: .other(errno)
        }
    }

    public func transfer(address: UInt8, write: [UInt8], read: inout [UInt8]) throws(I2CError) {
        let register = write.first
        func fail(_ r: Int32) -> I2CError { I2CError(LinuxI2CBus.kind(-r), bus: name, address: address, register: register) }
        if transferPath == .plainI2C {
            let r = write.withUnsafeBufferPointer { w in
                read.withUnsafeMutableBufferPointer { rd in
                    mihrab_i2c_transfer(fd, address, w.baseAddress, w.count, rd.baseAddress, rd.count)
                }
            }
            if r < 0 { throw fail(r) }
            return
        }
        // SMBus: select the address once, then the transfer kinds SMBus has.
        if selected != address {
            let r = mihrab_i2c_set_address(fd, address)
            if r < 0 { throw fail(r) }
            selected = address
        }
        switch (write.count, read.count) {
        case (0, 0):
            return
        case (1, 0):
            let r = mihrab_smbus_write_byte(fd, write[0])
            if r < 0 { throw fail(r) }
        case (2, 0):
            let r = mihrab_smbus_write_byte_data(fd, write[0], write[1])
            if r < 0 { throw fail(r) }
        case (let n, 0) where n <= 33 && functions & UInt(MIHRAB_I2C_FUNC_SMBUS_WRITE_I2C_BLOCK) != 0:
            let r = write.withUnsafeBufferPointer { w in
                mihrab_smbus_write_block(fd, w[0], UInt8(n - 1), w.baseAddress.map { $0 + 1 })
            }
            if r < 0 { throw fail(r) }
        case (1, let n) where transferPath == .smbusBlock && n <= 32:
            let got = read.withUnsafeMutableBufferPointer { rd in
                mihrab_smbus_read_block(fd, write[0], UInt8(n), rd.baseAddress)
            }
            if got < 0 { throw fail(got) }
            if Int(got) != n { throw I2CError(.busError, bus: name, address: address, register: register) }
        case (let w, let n) where w <= 1:
            // Byte by byte: the first with its register, the rest as receive-byte, so the
            // chip's own pointer rules (auto-increment, wrap) apply as in one burst.
            for i in 0..<n {
                let r = i == 0 && w == 1 ? mihrab_smbus_read_byte_data(fd, write[0]) : mihrab_smbus_read_byte(fd)
                if r < 0 { throw fail(r) }
                read[i] = UInt8(truncatingIfNeeded: r)
            }
        default:
            throw I2CError(.unsupported, bus: name, address: address, register: register)
        }
    }
}
