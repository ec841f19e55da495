import FoundationEssentials
import Glibc
import HAL
import UnitModel

/// Where the unit is: the configured position, the last fix remembered, or the receiver's
/// fixes as they come (`location.source = "gps"`). Fixes in, how far it moved out.
struct PositionEstimator {
    private(set) var latitude: Double
    private(set) var longitude: Double
    private(set) var source: StatusReport.PositionSource
    /// The receiver's state for status.json.
    private(set) var gpsStatus = StatusReport.GPSState.waiting
    /// Fixes refused because they were not a position on the Earth.
    private(set) var rejectedFixes = 0

    init(config: SiteConfig, lastFix: UnitState.Fix?) {
        if config.locationSource == .gps, let fix = lastFix {
            (latitude, longitude, source) = (fix.latitude, fix.longitude, .lastFix)
        } else {
            (latitude, longitude, source) = (config.latitude, config.longitude, .configured)
        }
    }

    /// A new configuration: a fixed position, or the configured fallback while there is no fix, follows the file.
    mutating func reload(_ config: SiteConfig) {
        if config.locationSource == .fixed || source == .configured {
            (latitude, longitude, source) = (config.latitude, config.longitude, .configured)
        }
    }

    /// The receiver's state changed: no longer following it.
    mutating func status(_ s: PositionStatus, hasStoredFix: Bool) {
        gpsStatus = PositionEstimator.describe(s)
        if source == .gps { source = hasStoredFix ? .lastFix : .configured }
    }

    /// A refused position, counted; returns whether to log it (the first and every 1000th:
    /// a lying receiver repeats itself every second).
    mutating func reject() -> Bool {
        rejectedFixes += 1
        return rejectedFixes == 1 || rejectedFixes % 1000 == 0
    }

    /// A fix that is a position on the Earth; followed when `follow` (the position comes
    /// from the receiver). Returns how far it moved the unit (km), nil when not followed.
    mutating func fix(_ f: PositionFix, follow: Bool) -> Double? {
        gpsStatus = f.mode == .threeD ? .fix3D : .fix2D
        guard follow else { return nil }
        source = .gps
        let moved = PositionEstimator.distanceKm(latitude, longitude, f.latitude, f.longitude)
        (latitude, longitude) = (f.latitude, f.longitude)
        return moved
    }

    /// Great-circle distance (haversine, the mean Earth radius); infinite from a position not known.
    static func distanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        guard lat1.isFinite, lon1.isFinite else { return .infinity }
        let p1 = lat1 * .pi / 180, p2 = lat2 * .pi / 180, dl = (lon2 - lon1) * .pi / 180
        let h = pow(sin((p2 - p1) / 2), 2) + cos(p1) * cos(p2) * pow(sin(dl / 2), 2)
        return 2 * 6371.0088 * asin(min(1, h.squareRoot()))
    }

    static func describe(_ s: PositionStatus) -> StatusReport.GPSState {
        switch s {
        case .noDaemon: .noGpsd
        case .noDevice: .noDevice
        case .noFix: .noFix
        case .silent: .silent
        }
    }
}
