import FoundationEssentials
import Glibc
import HAL
import Logging
import PrayerTimes
import UnitModel

/// The site's urgent message on this unit's screens: taken from a command (the admin page, a
/// signed site command, Home Assistant), shown until it ends or is cleared, each step in the
/// journal and the record with who sent it.
extension UnitCore {
    /// On the loop's thread. Returns the answer (for the command's event).
    public func showMessage(_ request: MessageRequest, id: String) -> String {
        let r = request.trimmed()
        let wall = clock.wallNow()
        if let why = r.problem { return "refused: \(why)" }
        if r.clears {
            guard let shown = message else { return "no message to clear" }
            message = nil
            keepMessage()
            logger.notice("message: cleared by \(r.by) (it was from \(shown.by): \(shown.text))")
            recorder?.message(.cleared, text: shown.text, by: r.by, until: nil, at: wall)
            return "cleared"
        }
        let m = UrgentMessage(text: r.text, by: r.by, from: wall, until: wall + Double(r.minutes) * 60, id: id)
        message = m
        keepMessage()
        let until = LocalTime(unix: m.until, zone: zone)
        let hm = String(until.iso8601.dropFirst(11).prefix(5))
        logger.notice("message: from \(r.by) for \(r.minutes) min (until \(hm)): \(r.text)")
        recorder?.message(.shown, text: m.text, by: m.by, until: EventRecorder.iso(m.until, zone: zone, millis: false), at: wall)
        return "showing until \(hm) on this unit's screens"
    }

    /// The message's time is over: it goes (on the loop's thread, each full pass).
    func expireMessage(wall: Double) {
        guard let m = message, wall >= m.until else { return }
        message = nil
        keepMessage()
        logger.notice("message: from \(m.by) ended: \(m.text)")
        recorder?.message(.ended, text: m.text, by: m.by, until: nil, at: wall)
    }
}

/// The message shown is kept on disk (`message.json` in the state directory, written
/// atomically), so a restart or a power cut while it shows brings it back until its end.
extension UnitCore {
    static let messageFile = "message.json"

    var messagePath: String { store.directory + "/" + UnitCore.messageFile }

    func keepMessage() {
        do {
            if let message {
                let e = JSONEncoder()
                e.outputFormatting = [.sortedKeys]
                try writeAtomically((try? e.encode(message)) ?? Data(), to: messagePath, mode: 0o600)
            } else if unlink(messagePath) != 0, errno != ENOENT {
                logger.error("message: \(messagePath) cannot be removed: \(String(cString: strerror(errno)))")
            }
        } catch {
            logger.error("message: \(messagePath) cannot be written (\(error)): a restart would forget the message")
        }
    }

    /// The message kept before a restart, if any (one that has ended goes at the first pass).
    func restoreMessage() {
        switch readSmallFile(messagePath, limit: 16 * 1024) {
        case .success(nil): return
        case .success(let data?):
            guard let m = try? JSONDecoder().decode(UrgentMessage.self, from: data), m.until > m.from else {
                logger.error("message: \(messagePath) is not a message; left aside")
                _ = unlink(messagePath)
                return
            }
            message = m
            logger.notice("message: from \(m.by) shown again after the restart: \(m.text)")
        case .failure(let why):
            logger.error("message: \(messagePath): \(why)")
        }
    }
}

extension EventRecorder {
    public enum MessageStep: String, Codable, Sendable { case shown, cleared, ended }

    /// {"t", "type": "message", "step": "shown"|"cleared"|"ended", "text", "by", "until"}:
    /// `by` is who sent it (shown) or who cleared it.
    public func message(_ step: MessageStep, text: String, by: String, until: String?, at t: Double) {
        write(MessageLine(t: Self.iso(t, zone: zone, millis: true), step: step, text: text, by: by, until: until))
    }

    struct MessageLine: Codable, Equatable {
        let t: String
        var type = "message"
        let step: MessageStep, text: String, by: String, until: String?
    }
}
