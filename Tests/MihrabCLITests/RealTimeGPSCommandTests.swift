import Foundation
import Testing
import TestSupport

/// `mihrab gps` against a scripted gpsd that resets or lies (real sockets, real time: in the
/// serialized pass).
@Suite("mihrab gps against a faulty gpsd", .serialized)
struct RealTimeGPSCommandTests {
    @Test("gpsd resetting the connection: exit 69 with one line, never death by SIGPIPE")
    func resetIsNotSIGPIPE() throws {
        for script in [[FakeGPSD.Step.send(GPSDReport.version), .reset],
                       [.send(GPSDReport.version), .awaitWatch, .reset],
                       FakeGPSD.greeting + [.send(GPSDReport.noFix), .reset]] {
            let fake = try FakeGPSD(script: script)
            defer { fake.stop() }
            let r = try MihrabBinary.run(["gps", "--host", "127.0.0.1", "--port", String(fake.port), "--once", "--timeout", "3"],
                                         timeout: 60)
            #expect(!r.signalled, "ended by signal \(r.status) (13 is SIGPIPE); script \(script)")
            #expect(r.status == 69, "status \(r.status): \(r.stderr)")
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines.first?.hasPrefix("mihrab: gps: no fix within 3 s") == true, "\(r.stderr)")
            #expect(fake.connections >= 2, "it reconnects after each reset (\(fake.connections) connections)")
        }
    }

    @Test("a position out of range is shown as rejected, and the real fix after it is the fix")
    func rejectedThenFix() throws {
        let fake = try FakeGPSD(script: FakeGPSD.greeting + [.send(GPSDReport.tpv(lat: "91", lon: "181")),
                                                             .send(GPSDReport.tpv(lat: "21.4225", lon: "39.8262", second: 1))])
        defer { fake.stop() }
        let r = try MihrabBinary.run(["gps", "--host", "127.0.0.1", "--port", String(fake.port), "--once", "--timeout", "10"],
                                     timeout: 60)
        #expect(r.status == 0 && !r.signalled, "\(r.status): \(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("rejected: gpsd reported latitude 91.0, longitude 181.0") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("fix 3D 21.422500, 39.826200") == true, "\(lines)")
    }
}
