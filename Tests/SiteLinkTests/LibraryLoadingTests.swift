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
        let error = MQTTError.libraryMissing(reason)
        #expect(error.description == "libmosquitto cannot be loaded: \(reason)")
        #expect(!error.description.contains("\n"))
    }

    @Test func testLibmosquittoIsOpenedWhenAsked() {
        #expect(mihrab_mqtt_library_error() == nil)
        #expect(mihrab_mqtt_init() == Int32(MOSQ_ERR_SUCCESS.rawValue))
        // A trampoline reaches the real function.
        #expect(String(cString: mosquitto_strerror(Int32(MOSQ_ERR_NOMEM.rawValue))) == "Out of memory.")
    }
}
