import Compass
import Geo
import HAL
import Drivers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The physical world the simulated unit lives in: where it is, how it is turned over
/// time, the Earth's field there (from the WMM), the iron around the sensors, and noise.
/// Everything in the device frame (x forward, y right, z down).
public final class SimulatedWorld {
    /// Yaw, pitch, roll in degrees (aerospace order) at a time (seconds, monotonic).
    public typealias Attitude = (Double) -> (yaw: Double, pitch: Double, roll: Double)

    public private(set) var latitude: Double
    public private(set) var longitude: Double
    public private(set) var decimalYear: Double
    public var attitude: Attitude
    /// Hard iron (uT, device frame) and soft iron (applied to the Earth's field).
    public var hardIron = Vector3.zero
    public var softIron = Matrix3.identity
    /// Standard deviations: uT for the magnetometer, m/s^2 for the accelerometer.
    public var magneticNoise = 0.0
    public var accelerationNoise = 0.0
    /// Multiplies the magnetic field (a magnet brought close: saturation).
    public var fieldScale = 1.0
    private var fieldNED: Vector3
    private var rng: SimulationRandom

    public init(latitude: Double, longitude: Double, decimalYear: Double,
                attitude: @escaping Attitude = { _ in (0, 0, 0) }, seed: UInt64 = 7) {
        self.latitude = latitude
        self.longitude = longitude
        self.decimalYear = decimalYear
        self.attitude = attitude
        rng = SimulationRandom(seed: seed)
        fieldNED = .zero
        fieldNED = SimulatedWorld.field(latitude, longitude, decimalYear)
    }

    /// Moves the unit (the field changes with the place).
    public func move(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
        fieldNED = SimulatedWorld.field(latitude, longitude, decimalYear)
    }

    static func field(_ lat: Double, _ lon: Double, _ year: Double) -> Vector3 {
        let f = MagneticModel.wmm2025.field(latitude: lat, longitude: lon, heightKm: 0, decimalYear: year)
        return Vector3(f.north / 1000, f.east / 1000, f.down / 1000)  // uT
    }

    /// Body-to-NED rotation at time t.
    public func rotation(at t: Double) -> Matrix3 {
        let a = attitude(t)
        let (y, p, r) = (a.yaw * .pi / 180, a.pitch * .pi / 180, a.roll * .pi / 180)
        let rz = Matrix3(rows: Vector3(cos(y), -sin(y), 0), Vector3(sin(y), cos(y), 0), Vector3(0, 0, 1))
        let ry = Matrix3(rows: Vector3(cos(p), 0, sin(p)), Vector3(0, 1, 0), Vector3(-sin(p), 0, cos(p)))
        let rx = Matrix3(rows: Vector3(1, 0, 0), Vector3(0, cos(r), -sin(r)), Vector3(0, sin(r), cos(r)))
        return rz * ry * rx
    }

    /// What a magnetometer at the device's origin measures (uT, device frame).
    public func magneticField(at t: Double) -> Vector3 {
        let earth = rotation(at: t).transposed * (fieldScale * fieldNED)
        return softIron * earth + hardIron + noise(magneticNoise)
    }

    /// What an accelerometer measures at rest (m/s^2, device frame): the reaction to gravity.
    public func acceleration(at t: Double) -> Vector3 {
        rotation(at: t).transposed * Vector3(0, 0, -standardGravity) + noise(accelerationNoise)
    }

    private func noise(_ sigma: Double) -> Vector3 {
        sigma == 0 ? .zero : Vector3(sigma * rng.gaussian(), sigma * rng.gaussian(), sigma * rng.gaussian())
    }

    /// Attitude scripts.
    public static func fixed(yaw: Double, pitch: Double = 0, roll: Double = 0) -> Attitude { { _ in (yaw, pitch, roll) } }
    public static func turning(degreesPerSecond: Double, pitch: Double = 0, roll: Double = 0) -> Attitude {
        { t in ((t * degreesPerSecond).truncatingRemainder(dividingBy: 360), pitch, roll) }
    }
}

/// Builds the simulated bus of a board: one emulator per chip, each seeing the world
/// through its own mounting (chip = mounting^T x device).
public enum SimulatedBoard {
    public struct Chip {
        public let model: ChipModel
        public let address: UInt8
        public let mounting: Matrix3
        public init(chip model: ChipModel, address: UInt8, mounting: Matrix3) {
            self.model = model
            self.address = address
            self.mounting = mounting
        }
    }

    public static func bus(chips: [Chip], world: SimulatedWorld, now: @escaping () -> Double, seed: UInt64 = 1)
        -> SimulatedI2CBus {
        let bus = SimulatedI2CBus(seed: seed)
        for chip in chips {
            let toChip = chip.mounting.transposed
            let source: (Double) -> Triple
            switch chip.model.kind {
            case .magnetometer: source = { t in let v = toChip * world.magneticField(at: t); return Triple(v.x, v.y, v.z) }
            case .accelerometer: source = { t in let v = toChip * world.acceleration(at: t); return Triple(v.x, v.y, v.z) }
            }
            bus.attach(ChipEmulators.make(chip.model, source: source, now: now), at: chip.address)
        }
        return bus
    }
}

extension SimulatedBoard {
    /// A display on the simulated bus, with its geometry.
    public struct Display: Sendable {
        public let model: DisplayModel
        public let address: UInt8
        public let width: Int, height: Int
        public let columns: Int, rows: Int
        public init(model: DisplayModel, address: UInt8, width: Int = 128, height: Int = 64, columns: Int = 20, rows: Int = 4) {
            self.model = model
            self.address = address
            self.width = width
            self.height = height
            self.columns = columns
            self.rows = rows
        }
    }

    /// The emulator of a display chip: one place for the family. The switch is exhaustive, with
    /// no default: a new `DisplayModel` without its emulator does not compile.
    public static func emulator(_ d: Display) -> DisplayEmulator {
        switch d.model {
        case .ssd1306, .sh1106: .pixels(SSD1306Emulator(model: d.model, width: d.width, height: d.height))
        case .hd44780PCF8574: .characters(HD44780Emulator(columns: d.columns, rows: d.rows))
        }
    }

    /// A bus holding only displays' emulators.
    public static func displayBus(_ displays: [Display], seed: UInt64 = 2) -> SimulatedI2CBus {
        let bus = SimulatedI2CBus(seed: seed)
        for d in displays { bus.attach(emulator(d).device, at: d.address) }
        return bus
    }
}
