import CAlsa
import CDynamic
import CGps
import CI2C
import HAL
import LinuxHAL
import Testing

/// The libraries behind LinuxHAL's devices are opened when a device is (hal/dynamic), not at
/// start-up: a missing library is the device's one-line error, never a crash.
@Suite struct LibraryLoadingTests {
    let missing = "libmihrab-missing.so.9"

    @Test func testAMissingLibraryIsTheLoadersOneLine() throws {
        let reason = try #require(mihrab_dl_try(missing).map { String(cString: $0) })
        #expect(reason.hasPrefix("\(missing): ") && reason.contains("No such file"), "\(reason)")
        #expect(!reason.contains("\n"))
        let error = SoundError.libraryMissing("hw:1,0", "libasound", reason)
        #expect(error.description == "hw:1,0: libasound cannot be loaded: \(reason)")
        let gps = GPSDError.libraryMissing(host: "localhost", port: 2947, reason)
        let i2c = SystemError.libi2cMissing("/dev/i2c-1", reason)
        #expect(i2c.description.hasPrefix("use I2C adapter /dev/i2c-1 over SMBus (libi2c cannot be loaded: \(reason)): "), "\(i2c)")
        #expect(!i2c.description.contains("\n"))
        #expect(gps.description == "connect to gpsd at localhost:2947: libgps cannot be loaded: \(reason)")
    }

    @Test func testTheLibrariesAreOpenedWhenAsked() {
        #expect(mihrab_alsa_library_error() == nil)
        #expect(mihrab_dl_try("libasound.so.2") == nil)
        #expect(mihrab_gps_library_error() == nil)
        #expect(mihrab_i2c_library_error() == nil)
        // A trampoline reaches the real function (libgps's own words for its error -1).
        #expect(!String(cString: mihrab_gps_errstr(-1)).isEmpty)
    }
}
