import Foundation
import Testing
import TestSupport

/// board/avahi/mihrab.service, the file the package installs as /etc/avahi/services/mihrab.service:
/// the admin page as a phone finds it (DNS-SD), beside the setup address the QR code carries.
@Suite("The avahi service file: valid against avahi's DTD, the admin page on 8443")
struct AvahiServiceTests {
    static let file = MihrabBinary.packageRoot.appendingPathComponent("board/avahi/mihrab.service").path

    /// avahi-daemon's /usr/share/avahi/avahi-service.dtd (avahi 0.8, LGPL-2.1+), as Debian ships
    /// it; that file itself is used too when avahi-daemon is installed.
    static let dtd = """
        <!ELEMENT service-group (name,service+)>
        <!ATTLIST service-group>
        <!ELEMENT name (#PCDATA)>
        <!ATTLIST name replace-wildcards (yes|no) "no">
        <!ELEMENT service (type,subtype*,domain-name?,host-name?,port,txt-record*)>
        <!ATTLIST service protocol (ipv4|ipv6|any) "any">
        <!ELEMENT type (#PCDATA)>
        <!ATTLIST type>
        <!ELEMENT subtype (#PCDATA)>
        <!ATTLIST subtype>
        <!ELEMENT domain-name (#PCDATA)>
        <!ATTLIST domain-name>
        <!ELEMENT host-name (#PCDATA)>
        <!ATTLIST host-name>
        <!ELEMENT port (#PCDATA)>
        <!ATTLIST port>
        <!ELEMENT txt-record (#PCDATA)>
        <!ATTLIST txt-record value-format (text|binary-hex|binary-base64) "text">

        """

    @Test("xmllint finds it valid against avahi's DTD")
    func valid() throws {
        let xmllint = try Decoder.tool("/usr/bin/xmllint", package: "libxml2-utils")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mihrab-avahi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("avahi-service.dtd").path
        try Data(Self.dtd.utf8).write(to: URL(fileURLWithPath: copy))
        var dtds = [copy]
        let installed = "/usr/share/avahi/avahi-service.dtd"
        if FileManager.default.fileExists(atPath: installed) { dtds.append(installed) }
        for dtd in dtds {
            let r = try MihrabBinary.runProgram(xmllint, ["--noout", "--nonet", "--dtdvalid", dtd, Self.file], timeout: 30)
            #expect(r.status == 0, "xmllint --dtdvalid \(dtd): \(r.stderr)")
            #expect(!r.stderr.contains("error"), "\(r.stderr)")
        }
    }

    @Test("It names the unit by its host name and announces HTTPS on 8443 with the path /setup")
    func announces() throws {
        let text = try String(contentsOfFile: Self.file, encoding: .utf8)
        #expect(text.contains(#"<name replace-wildcards="yes">Mihrab on %h</name>"#))
        #expect(text.contains("<type>_https._tcp</type>"))
        #expect(text.contains("<port>8443</port>"))
        #expect(text.contains("<txt-record>path=/setup</txt-record>"))
    }
}
