import CDynamic
import CSndfile
import HAL
import Testing

/// libsndfile is opened with the first sound file (hal/dynamic), not at start-up: a missing
/// library is the file's one-line error, never a crash.
@Suite struct SndfileLoadingTests {
    @Test func testAMissingLibraryIsTheLoadersOneLine() throws {
        let reason = try #require(mihrab_dl_try("libmihrab-missing.so.9").map { String(cString: $0) })
        #expect(reason.hasPrefix("libmihrab-missing.so.9: ") && reason.contains("No such file"), "\(reason)")
        let error = SoundError.libraryMissing("/usr/share/mihrab/adhan.ogg", "libsndfile", reason)
        #expect(error.description == "/usr/share/mihrab/adhan.ogg: libsndfile cannot be loaded: \(reason)")
        #expect(!error.description.contains("\n"))
    }

    @Test func testLibsndfileIsOpenedWhenAsked() {
        #expect(mihrab_sndfile_library_error() == nil)
    }
}
