import Foundation
import Testing
import HAL
@testable import Service

/// Board files name chips by their descriptors' names: a name that is no chip is refused
/// with the file, the line, the key and the chips there are.
@Suite("BoardConfig chips")
struct BoardConfigChipTests {
    /// Loads `text` as a board file; the error's one-line description, or nil when accepted.
    static func refusal(_ text: String) throws -> String? {
        let dir = NSTemporaryDirectory() + "mihrab-board-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/board.toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try BoardConfig.load(path: path)
            return nil
        } catch {
            return error.description.replacingOccurrences(of: path, with: "board.toml")
        }
    }

    static let head = "name = \"b\"\n[i2c]\nbus = \"simulated\"\n"
    static let compassChips = "\"qmc5883l\", \"hmc5883l\", \"lis3mdl\", \"lsm303agr-mag\", \"lsm303agr-accel\", \"mpu6050\", \"adxl345\""

    @Test("a mistyped compass chip is refused, naming the file, line, key and every chip there is")
    func typo() throws {
        let said = try Self.refusal(Self.head + "\n[[compass.chips]]\nchip = \"qmc5883\"\n")
        #expect(said == "board.toml:6: compass.chips[0].chip: 'qmc5883' is not one of the compass chips: \(Self.compassChips)")
    }

    @Test("a display named as a compass chip, or a compass chip as a display, is pointed to its section")
    func wrongSection() throws {
        let display = try Self.refusal(Self.head + "\n[[compass.chips]]\nchip = \"sh1106\"\n")
        #expect(display == "board.toml:6: compass.chips[0].chip: 'sh1106' is not one of the compass chips: \(Self.compassChips)"
                + " ('sh1106' is a display: give it as a [[displays]] chip)")
        let compass = try Self.refusal(Self.head + "\n[[displays]]\nchip = \"hmc5883l\"\n")
        #expect(compass == "board.toml:6: displays[0].chip: 'hmc5883l' is not one of the display chips: \"ssd1306\", \"sh1106\", \"hd44780-pcf8574\""
                + " ('hmc5883l' is a compass chip: give it as a [[compass.chips]] chip)")
    }

    @Test("every chip by its descriptor's name, at its default address, is accepted and typed")
    func everyChip() throws {
        for model in ChipModel.allCases {
            #expect(try Self.refusal(Self.head + "\n[[compass.chips]]\nchip = \"\(model.rawValue)\"\n") == nil, "\(model)")
        }
        for model in DisplayModel.allCases {
            #expect(try Self.refusal(Self.head + "\n[[displays]]\nchip = \"\(model.rawValue)\"\n") == nil, "\(model)")
        }
    }

    @Test("the shipped board files load as before: the simulated board's chips and displays")
    func shippedBoards() throws {
        let boards = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("board")
        let simulated = try BoardConfig.load(path: boards.appendingPathComponent("simulated.toml").path)
        #expect(simulated.chips.map(\.model) == [.qmc5883l, .mpu6050] && simulated.chips.map(\.address) == [0x0D, 0x68])
        let lcd = try BoardConfig.load(path: boards.appendingPathComponent("simulated-lcd.toml").path)
        #expect(!lcd.displays.isEmpty && lcd.displays.allSatisfy { !$0.model.isGraphic })
        for name in ["qemu-rig", "raspberry-pi-4", "raspberry-pi-5", "raspberry-pi-zero-2w"] {
            _ = try BoardConfig.load(path: boards.appendingPathComponent(name + ".toml").path)
        }
    }
}
