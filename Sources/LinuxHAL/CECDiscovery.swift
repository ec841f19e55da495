import HAL

#if canImport(Glibc)
import Glibc
#endif

/// Which `/dev/cecN` belongs to which HDMI port. A Raspberry Pi 4 has one adapter per port
/// (/dev/cec0 and /dev/cec1, vc4), each naming its DRM connector (CEC_ADAP_G_CONNECTOR_INFO:
/// card number and connector id); sysfs gives the connector's name for that id
/// (/sys/class/drm/card1-HDMI-A-2/connector_id).
enum CECDiscovery {
    static func find(connector: String?, devices: String = "/dev", drm: String = DRMConnectors.root) throws(CECError) -> LinuxCECAdapter {
        var opened: [LinuxCECAdapter] = []
        var failures: [String] = []
        for path in nodes(in: devices) {
            do throws(CECError) {
                let adapter = try LinuxCECAdapter.open(path: path)
                opened.append(adapter)
            } catch {
                failures.append("\(path): \(error.reason)")
            }
        }
        let listed = (opened.map(\.name) + failures).joined(separator: ", ")
        guard let connector else {
            if opened.count == 1 { return opened[0] }
            let there = opened.isEmpty
                ? "no CEC adapter in \(devices)" + (failures.isEmpty ? "" : " that opens (\(listed))")
                : "several CEC adapters (\(listed)): name one by its connector or its path"
            throw CECError(adapter: "\(devices)/cec*", kind: .unavailable, reason: there)
        }
        let wanted = DRMConnectors.ids(named: connector, root: drm)
        if let match = opened.first(where: { a in a.connector.map { c in wanted.contains { $0 == (c.card, c.id) } } ?? false }) {
            return match
        }
        let known = DRMConnectors.names(root: drm).filter { $0.hasPrefix("HDMI") }
        let there = listed.isEmpty ? "none in \(devices)" : listed
        throw CECError(adapter: connector, kind: .unavailable,
                       reason: "no CEC adapter for connector \(connector) (adapters: \(there); HDMI connectors: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
    }

    /// The CEC device nodes in `dir`, in number order: "/dev/cec0", "/dev/cec1".
    static func nodes(in dir: String) -> [String] {
        let numbers = Directory.entries(dir).compactMap { name -> Int? in
            guard name.hasPrefix("cec") else { return nil }
            return Int(name.dropFirst(3))
        }
        return numbers.sorted().map { "\(dir)/cec\($0)" }
    }
}

/// DRM connectors as sysfs shows them: /sys/class/drm/cardN-NAME, each with its connector_id
/// (Linux 6.1 and later) and its status.
enum DRMConnectors {
    static let root = "/sys/class/drm"

    /// The connector named `name` ("HDMI-A-2") on each card: (card number, connector id).
    static func ids(named name: String, root: String = root) -> [(UInt32, UInt32)] {
        Directory.entries(root).compactMap { entry in
            guard let (card, rest) = split(entry), rest == name,
                  let text = Directory.read("\(root)/\(entry)/connector_id"),
                  let id = UInt32(text.filter { !$0.isWhitespace }) else { return nil }
            return (card, id)
        }
    }

    /// The name of card `card`'s connector with id `id`, if sysfs has it.
    static func name(card: UInt32, id: UInt32, root: String = root) -> String? {
        for entry in Directory.entries(root) {
            guard let (c, rest) = split(entry), c == card,
                  let text = Directory.read("\(root)/\(entry)/connector_id"),
                  UInt32(text.filter { !$0.isWhitespace }) == id else { continue }
            return rest
        }
        return nil
    }

    /// Every connector's name ("HDMI-A-1"), sorted.
    static func names(root: String = root) -> [String] {
        Directory.entries(root).compactMap { split($0)?.1 }.sorted()
    }

    /// "card1-HDMI-A-2" as (1, "HDMI-A-2").
    static func split(_ entry: String) -> (UInt32, String)? {
        guard entry.hasPrefix("card"), let dash = entry.firstIndex(of: "-"),
              let card = UInt32(entry[entry.index(entry.startIndex, offsetBy: 4)..<dash]) else { return nil }
        return (card, String(entry[entry.index(after: dash)...]))
    }
}

/// A directory's names and a small file's text, through libc (no Foundation in the product).
enum Directory {
    static func entries(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// At most 4 KiB of `path`, or nil when it cannot be read.
    static func read(_ path: String) -> String? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return n < 0 ? nil : String(decoding: buffer.prefix(n), as: UTF8.self)
    }
}
