import ArgumentParser
import Assembly
import Glibc
import HAL
import Platform
import Service
import Simulation
import UnitModel

/// `mihrab display-power status|on|off`: the hall's TV by hand, through the board's `[tv]` as
/// the daemon drives it (stop the daemon first on a real unit: both would steer the TV). On the
/// simulated board, its emulated TV. `on` and `off` ask the TV its power until it says the power
/// asked for (or `--settle` seconds pass).
struct DisplayPowerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "display-power", abstract: "Ask the hall's TV its power, or turn it on or off (HDMI-CEC or the kiosk's compositor).")

    enum Action: String, ExpressibleByArgument, CaseIterable { case status, on, off }

    @Argument(help: "status, on or off.") var action: Action
    @Option(help: "Board file with [tv] (default: board/simulated.toml).") var board = "board/simulated.toml"
    @Option(help: "Site config: its [display] power and runtime directory (default: CEC).") var config: String?
    @Option(help: "How: cec, compositor or both, instead of the config's.") var way: String?
    @Option(help: "Seconds to wait for the TV to settle after on or off (0-60).") var settle = 10.0

    func validate() throws {
        if let way, DisplayConfig.Power(rawValue: way) == nil || way == "none" {
            throw ValidationError("--way must be cec, compositor or both (got \(quoted(way)))")
        }
        if !(0...60).contains(settle) { throw ValidationError("--settle must be 0 to 60 seconds (got \(settle))") }
    }

    func run() throws {
        let site = try config.map { try loadConfig($0, lenientSounds: true) } ?? SiteConfig()
        let boardConfig = try loadBoard(board)
        let power = way.flatMap(DisplayConfig.Power.init) ?? (site.display.power == .none ? .cec : site.display.power)
        guard let tv = BoardAssembler(boardConfig).television(power, runtimeDirectory: site.runtimeDirectory, now: { monotonicSeconds() }) else {
            throw CommandError("no way to steer the TV", exitCode: .config)
        }
        if action != .status {
            do { try tv.driver.set(action == .on) } catch { throw CommandError("\(error)", exitCode: .unavailable) }
            print("\(tv.driver.name): asked \(action.rawValue)")
        }
        // Ask until the TV says on or standby (or the time is up): a TV reports its transition.
        let end = monotonicSeconds() + (action == .status ? 0 : settle)
        var last: TVPowerReport??
        while true {
            let report: TVPowerReport?
            do { report = try tv.driver.ask() } catch { throw CommandError("\(error)", exitCode: .unavailable) }
            if last.map({ $0 != report }) ?? true {
                print("\(tv.driver.name): the TV says \(report.map(Self.word) ?? "nothing (this way cannot ask it)")")
            }
            last = report
            // A TV reports its old power for a moment after a request, then its transition:
            // asked until it says the power asked for (or on or standby, for status).
            let settled: Bool = switch (action, report) {
            case (_, nil), (_, .noAnswer?): true
            case (.on, let r?): r == .on
            case (.off, let r?): r == .standby
            case (.status, let r?): r == .on || r == .standby
            }
            guard !settled, monotonicSeconds() < end else { break }
            usleep(500_000)
        }
    }

    static func word(_ r: TVPowerReport) -> String {
        switch r {
        case .on: "on"
        case .standby: "standby"
        case .turningOn: "turning on"
        case .turningOff: "turning off"
        case .noAnswer: "nothing: it does not answer <Give Device Power Status>"
        }
    }
}
