import HAL
import LinuxHAL
import Service
import Simulation

extension BoardAssembler {
    /// The board's output lines in `order`, each opened on its own so that one bad line is
    /// reported rather than fatal (`mihrab selftest`): recording lines on the simulated board.
    public func separateOutputs(_ order: [BoardConfig.Output], consumer: String, wallNow: @escaping () -> Double)
        -> [(output: BoardConfig.Output, line: Result<any DigitalOutput, BoardError>)] {
        if board.bus == .simulated {
            return order.map { ($0, .success(SimulatedOutput(name: $0.rawValue, now: wallNow))) }
        }
        let chip: GPIOChip
        do {
            guard let c = try openGPIOChip(board) else {
                return order.map { ($0, .failure(BoardError(.config, "no gpio.chip in the board file"))) }
            }
            chip = c
        } catch {
            return order.map { ($0, .failure(BoardError(.unavailable, "\(error)"))) }
        }
        return order.map { output in
            guard let line = board.lines[output] else { return (output, .failure(BoardError(.config, "not in the board file"))) }
            do {
                return (output, .success(try requestLine(chip, line, consumer: consumer)))
            } catch {
                return (output, .failure(BoardError(.unavailable, "\(error)")))
            }
        }
    }
}
