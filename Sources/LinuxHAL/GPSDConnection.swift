import CGps
#if canImport(Glibc)
import Glibc
#endif

/// One GNSS fix as gpsd reported it, each field present only when gpsd marked it
/// set and it is finite (early reports can say mode 3 with NaN coordinates).
public struct GNSSFix: Sendable, Equatable {
    public enum Mode: Int, Sendable { case unknown = 0, noFix = 1, twoD = 2, threeD = 3 }
    public var mode: Mode
    /// UTC seconds since 1970.
    public var time: Double?
    public var latitude: Double?
    public var longitude: Double?
    public var altitudeHAE: Double?
    public var altitudeMSL: Double?
    public var horizontalError: Double?
    public var verticalError: Double?
    /// The report had coordinates but they were refused (out of range, or not JSON
    /// numbers): `latitude` and `longitude` are nil; these are what libgps made of them.
    public var rejectedCoordinates: Coordinates?

    public struct Coordinates: Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
    }

    /// A usable position: a 2D or 3D fix with coordinates.
    public var hasPosition: Bool { (mode == .twoD || mode == .threeD) && latitude != nil && longitude != nil }
}

/// What one read from gpsd brought.
public enum GPSDEvent: Sendable, Equatable {
    case fix(GNSSFix)
    case device(path: String, activated: Bool)
}

public struct GPSDError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String
    public var description: String { message }

    /// libgps could not be opened (dlopen, on the first connection): the loader's one line.
    public static func libraryMissing(host: String, port: Int, _ reason: String) -> GPSDError {
        GPSDError(message: "connect to gpsd at \(host):\(port): libgps cannot be loaded: \(reason)")
    }
}

/// A blocking connection to gpsd through libgps (one report stream, WATCH enabled).
/// The reconnecting, never-blocking client for the daemon is built on top of this.
public final class GPSDConnection: @unchecked Sendable {
    // @unchecked: the libgps handle is owned here and used from one task at a time.
    private let handle: OpaquePointer
    public let host: String
    public let port: Int

    public static var apiVersion: String { "\(mihrab_gps_api_major()).\(mihrab_gps_api_minor())" }

    public init(host: String = "localhost", port: Int = 2947) throws(GPSDError) {
        GPSDConnection.ignoreBrokenPipe
        if let reason = mihrab_gps_library_error() { throw GPSDError.libraryMissing(host: host, port: port, String(cString: reason)) }
        var err: Int32 = 0
        guard let h = mihrab_gps_open(host, String(port), &err) else {
            let reason = String(cString: mihrab_gps_errstr(err))
            throw GPSDError(message: "connect to gpsd at \(host):\(port): \(reason)")
        }
        // WATCH before the properties are set: once they all are, a throw runs deinit, which
        // would close the handle a second time (a double free when gpsd reset at once).
        if mihrab_gps_watch(h) != 0 {
            mihrab_gps_close(h)
            throw GPSDError(message: "send WATCH to gpsd at \(host):\(port): write failed")
        }
        handle = h
        self.host = host
        self.port = port
    }

    deinit { mihrab_gps_close(handle) }

    /// libgps writes to its socket with write(): when gpsd has reset the connection the
    /// kernel raises SIGPIPE, whose default action ends the process. Ignored process-wide
    /// (the mihrab binary does so at start too); the write then fails with EPIPE.
    private static let ignoreBrokenPipe: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Reports on this connection whose coordinates were refused.
    public var rejectedReports: Int { Int(mihrab_gps_rejected(handle)) }

    /// Waits up to `timeoutMicroseconds` for data and reads one batch of reports.
    /// Returns no events on timeout; throws when the connection is gone.
    public func next(timeoutMicroseconds: Int32) throws(GPSDError) -> [GPSDEvent] {
        let w = mihrab_gps_waiting(handle, timeoutMicroseconds)
        if w < 0 { throw GPSDError(message: "gpsd at \(host):\(port): connection lost") }
        if w == 0 { return [] }
        var fix = mihrab_gps_fix()
        var device = mihrab_gps_device()
        let events = mihrab_gps_read(handle, &fix, &device)
        if events < 0 { throw GPSDError(message: "gpsd at \(host):\(port): connection closed") }
        var out: [GPSDEvent] = []
        if Int(events) & MIHRAB_GPS_EVENT_DEVICE != 0 {
            let path = withUnsafeBytes(of: device.path) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            out.append(.device(path: path, activated: device.activated != 0))
        }
        if Int(events) & MIHRAB_GPS_EVENT_FIX != 0 {
            out.append(.fix(GNSSFix(raw: fix)))
        }
        return out
    }
}

extension GNSSFix {
    init(raw f: mihrab_gps_fix) {
        func has(_ flag: Int) -> Bool { Int(f.valid) & flag != 0 }
        mode = has(MIHRAB_GPS_HAS_MODE) ? Mode(rawValue: Int(f.mode)) ?? .unknown : .unknown
        time = has(MIHRAB_GPS_HAS_TIME) ? Double(f.time_sec) + Double(f.time_nsec) / 1e9 : nil
        latitude = has(MIHRAB_GPS_HAS_LATLON) ? f.latitude : nil
        longitude = has(MIHRAB_GPS_HAS_LATLON) ? f.longitude : nil
        altitudeHAE = has(MIHRAB_GPS_HAS_ALT_HAE) ? f.alt_hae : nil
        altitudeMSL = has(MIHRAB_GPS_HAS_ALT_MSL) ? f.alt_msl : nil
        horizontalError = has(MIHRAB_GPS_HAS_EPH) ? f.eph : nil
        verticalError = has(MIHRAB_GPS_HAS_EPV) ? f.epv : nil
        rejectedCoordinates = has(MIHRAB_GPS_REJECTED_LATLON) ? Coordinates(latitude: f.latitude, longitude: f.longitude) : nil
    }
}
