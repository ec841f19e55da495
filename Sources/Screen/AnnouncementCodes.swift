import Logging
import QRCode
import Synchronization
import UnitModel

/// The QR codes of the announcements' `qr` (a donation page, a form), drawn here, where the
/// library is: the model as the loop makes it names each announcement's address
/// (`announcementQR`); the page and the stream get it with the codes' modules (`qrRows`),
/// which the page draws as one SVG path each, sharp at every size (its policy loads no image).
/// Each address is encoded once and kept (a config holds a few); one that cannot be encoded
/// (libqrencode missing, too long) is said once in the journal and its announcement shows
/// without a code.
final class AnnouncementCodes: Sendable {
    private let kept = Mutex<[String: [String]]>([:])
    private let logger: Logger?

    init(logger: Logger? = nil) { self.logger = logger }

    /// The most addresses kept (a config's every announcement, and more than a site has).
    static let maximumKept = 64

    func decorate(_ model: ScreenModel) -> ScreenModel {
        guard let links = model.announcementQR else { return model }
        var m = model
        var rows: [String: [String]] = [:]
        for link in Set(links.compactMap { $0 }) {
            let code = kept.withLock { $0[link] } ?? encode(link)
            if !code.isEmpty { rows[link] = code }
        }
        m.qrRows = rows.isEmpty ? nil : rows
        return m
    }

    private func encode(_ link: String) -> [String] {
        let code: [String]
        do throws(QRError) { code = try QRMatrix.encode(link).rows() } catch {
            logger?.error("screen: the QR code of an announcement's qr (\(link.prefix(60))) cannot be drawn: \(error); the announcement shows without it")
            code = []
        }
        kept.withLock { k in
            if k.count >= AnnouncementCodes.maximumKept { k.removeAll() }
            k[link] = code
        }
        return code
    }
}
