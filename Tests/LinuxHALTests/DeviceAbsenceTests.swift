import Testing
@testable import LinuxHAL
import CI2C

#if canImport(Glibc)
import Glibc
#endif

@Suite("backends on a machine without the devices")
struct DeviceAbsenceTests {
    @Test("a GPIO chip path that does not exist gives ENOENT and names the path")
    func gpioChipByPath() {
        #expect {
            _ = try GPIOChip(path: "/dev/gpiochip-mihrab-none")
        } throws: { error in
            guard let e = error as? SystemError else { return false }
            return e.errno == ENOENT && e.description.contains("/dev/gpiochip-mihrab-none")
        }
    }

    @Test("a GPIO chip label that no chip has gives ENOENT and names the label")
    func gpioChipByLabel() {
        #expect {
            _ = try GPIOChip(label: "mihrab-no-such-label")
        } throws: { error in
            guard let e = error as? SystemError else { return false }
            return e.errno == ENOENT && e.description.contains("'mihrab-no-such-label'")
        }
    }

    @Test("the binding reports the libgpiod API it was built against")
    func gpioApi() {
        #expect([1, 2].contains(GPIOChip.api))
        #expect(GPIOChip.libraryVersion.first?.isNumber == true)
    }

    @Test("an I2C bus that does not exist gives ENOENT and names the device")
    func i2cBus() {
        #expect {
            _ = try LinuxI2CBus(bus: 97)
        } throws: { error in
            guard let e = error as? SystemError else { return false }
            return e.errno == ENOENT && e.description.contains("/dev/i2c-97")
        }
    }

    @Test("a file that is not an I2C adapter is refused with the ioctl's error")
    func notAnAdapter() {
        #expect {
            _ = try LinuxI2CBus(path: "/dev/null")
        } throws: { error in
            guard let e = error as? SystemError else { return false }
            return e.errno == ENOTTY && e.description.contains("/dev/null")
        }
    }

    @Test("the transfer path follows the adapter's functionality mask")
    func transferPathDecision() {
        let i2c = UInt(MIHRAB_I2C_FUNC_I2C)
        let block = UInt(MIHRAB_I2C_FUNC_SMBUS_READ_I2C_BLOCK)
        let byte = UInt(MIHRAB_I2C_FUNC_SMBUS_BYTE_DATA)
        #expect(I2CTransferPath.choose(functions: i2c | block | byte) == .plainI2C)
        // i2c-stub: SMBus only, with I2C block reads.
        #expect(I2CTransferPath.choose(functions: block | byte) == .smbusBlock)
        #expect(I2CTransferPath.choose(functions: byte) == .smbusByte)
        #expect(I2CTransferPath.choose(functions: 0) == nil)
        // Read-byte-data alone (half of the byte-data pair) is not enough.
        #expect(I2CTransferPath.choose(functions: 0x0008_0000) == nil)
    }
}
