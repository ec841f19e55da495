import Compass
import Foundation
import TOMLKit

/// A board file (TOML under board/): the chips and how they are mounted, the pointing
/// axis, and the GPIO outputs. Errors name the file, the line where known, and the key.
struct BoardFile {
    struct Chip {
        let kind: String
        let address: Int?
        let role: String
        let mounting: Mounting
    }

    enum Bus: Equatable {
        case simulated
        case linux(Int)
    }

    var path: String
    var name: String
    var bus: Bus
    var description: String
    var chips: [Chip]
    var pointingAxis: Vector3
    var pointingAxisName: String
    var outputs: [String]

    func chip(role: String) -> Chip? { chips.first { $0.role == role } }

    static func load(path: String) throws -> BoardFile {
        func fail(_ what: String) -> CommandError { CommandError("board file \(path): \(what)", exitCode: .config) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw fail("cannot be read") }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let e as TOMLParseError {
            throw CommandError("board file \(path):\(e.source.begin.line): \(e.description)", exitCode: .config)
        } catch {
            throw fail("\(error)")
        }
        guard let name = table["name"]?.string else { throw fail("key 'name' is missing or not a string") }
        let bus: Bus
        switch table["i2c"]?.table?["bus"] {
        case let v? where v.string == "simulated": bus = .simulated
        case let v? where v.int.map { $0 >= 0 && $0 < 256 } == true: bus = .linux(v.int ?? 0)
        case nil: throw fail("key 'i2c.bus' is missing (a bus number, or \"simulated\")")
        default: throw fail("i2c.bus must be a bus number 0-255 or \"simulated\"")
        }
        var chips: [Chip] = []
        let compass = table["compass"]?.table
        for (i, value) in (compass?["chips"]?.array ?? TOMLArray()).enumerated() {
            let key = "compass.chips[\(i)]"
            guard let chip = value.table else { throw fail("\(key) is not a table") }
            guard let kind = chip["chip"]?.string else { throw fail("\(key).chip is missing or not a string") }
            guard let role = chip["role"]?.string, ["magnetometer", "accelerometer"].contains(role) else {
                throw fail("\(key).role must be \"magnetometer\" or \"accelerometer\"")
            }
            var mounting = Mounting.identity
            if let rows = chip["mounting"] {
                let numbers = rows.array?.compactMap { $0.array }.flatMap { $0.map { $0.double ?? $0.int.map(Double.init) } }
                guard let numbers, numbers.count == 9, let values = Optional(numbers.compactMap { $0 }),
                      values.count == 9, let matrix = Matrix3(rows: values) else {
                    throw fail("\(key).mounting must be three rows of three numbers")
                }
                guard let m = Mounting(matrix) else {
                    throw fail("\(key).mounting is not a rotation (rows orthonormal, determinant +1)")
                }
                mounting = m
            }
            chips.append(Chip(kind: kind, address: chip["address"]?.int, role: role, mounting: mounting))
        }
        let axisName = compass?["pointing_axis"]?.string ?? "x"
        guard let axis = DeviceFrame.axis(named: axisName) else {
            throw fail("compass.pointing_axis must be one of \(DeviceFrame.axisNames.joined(separator: ", "))")
        }
        let outputs = table["gpio"]?.table?["lines"]?.table.map { Array($0.keys).sorted() } ?? []
        return BoardFile(path: path, name: name, bus: bus, description: table["description"]?.string ?? "", chips: chips,
                         pointingAxis: axis, pointingAxisName: axisName, outputs: outputs)
    }
}
