import CCrypto
import CDynamic
import CMosquitto
@testable import SiteLink
import Testing

/// libmosquitto is opened when the first MQTT client is made (hal/dynamic), not at start-up: a
/// missing library is the client's one-line error, never a crash.
@Suite struct LibraryLoadingTests {
    @Test func testAMissingLibraryIsTheLoadersOneLine() throws {
        let reason = try #require(mihrab_dl_try("libmihrab-missing.so.9").map { String(cString: $0) })
        #expect(reason.hasPrefix("libmihrab-missing.so.9: "), "\(reason)")
        #expect(reason.contains("No such file"), "\(reason)")
        #expect(!reason.contains("\n"))
        let error = MQTTError.libraryMissing("libmosquitto", reason)
        #expect(error.description == "libmosquitto cannot be loaded: \(reason)")
        #expect(!error.description.contains("\n"))
        #expect(MQTTError.libraryMissing("libcrypto", reason).description == "libcrypto cannot be loaded: \(reason)")
    }

    @Test func testLibmosquittoIsOpenedWhenAsked() {
        #expect(mihrab_mqtt_library_error() == nil)
        #expect(mihrab_crypto_library_error() == nil)
        #expect(throws: Never.self) { try SigningKey.checkLibrary() }
        // A trampoline reaches the real function: RFC 8032's first test vector.
        let seed: [UInt8] = [0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec, 0x2c, 0xc4,
                             0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae, 0x7f, 0x60]
        var pub = [UInt8](repeating: 0, count: 32)
        #expect(mihrab_ed25519_public(seed, &pub) == 0)
        #expect(pub.prefix(4) == [0xd7, 0x5a, 0x98, 0x01])
        #expect(mihrab_mqtt_init() == Int32(MOSQ_ERR_SUCCESS.rawValue))
        // A trampoline reaches the real function.
        #expect(String(cString: mosquitto_strerror(Int32(MOSQ_ERR_NOMEM.rawValue))) == "Out of memory.")
    }
}
