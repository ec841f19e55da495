import Geo

/// From a sample of the two chips (in the device's frame) to a true heading, the qibla's
/// offset and how far to trust them: the unit's loop (a sample at its rate, smoothed) and
/// `mihrab heading` (one sample) share it.
public struct CompassEstimator: Sendable {
    /// What one sample says.
    public struct Reading: Sendable, Equatable {
        public let solution: HeadingSolution
        /// With the place's field known: the true heading, the declination applied, and the accuracy.
        public let trueHeading: Double?
        public let declination: Double?
        public let accuracy: HeadingAccuracy?
    }


    public var pointing: Vector3
    public var calibration: MagnetometerCalibration?
    /// The Earth's field here (declination, inclination, strength): the model's, set when the position changes.
    public var field: MagneticField
    /// The qibla's bearing from here (degrees from true north); nil: not known.
    public var qiblaBearing: Double?
    public var filter: HeadingFilter
    /// The smoothed true heading and the qibla's offset from it; nil until a sample solved.
    public private(set) var heading: Double?
    public private(set) var qiblaOffset: Double?
    public private(set) var accuracy: HeadingAccuracy = .unreliable
    /// The last sample's own true heading, before smoothing; nil when it had none.
    public private(set) var sampleHeading: Double?

    public init(pointing: Vector3, calibration: MagnetometerCalibration?, field: MagneticField, smoothingSeconds: Double) {
        self.pointing = pointing
        self.calibration = calibration
        self.field = field
        filter = HeadingFilter(timeConstant: smoothingSeconds)
    }

    /// One sample alone (the magnetometer's reading before its calibration); nil: no heading
    /// from it (a zero vector, the field along gravity, the pointing axis vertical).
    public static func read(accel: Vector3, mag: Vector3, pointing: Vector3, calibration: MagnetometerCalibration?,
                            field: MagneticField?) -> Reading? {
        guard let h = HeadingSolution(accel: accel, mag: calibration?.apply(mag) ?? mag, pointing: pointing) else { return nil }
        guard let field else { return Reading(solution: h, trueHeading: nil, declination: nil, accuracy: nil) }
        let accuracy = HeadingAccuracy.assess(fieldRatio: h.fieldStrength / (field.total / 1000), dipError: h.dip - field.inclination,
                                              gravityRatio: h.accelerationMagnitude / standardGravity, calibrated: calibration != nil)
        return Reading(solution: h, trueHeading: h.trueHeading(declination: field.declination), declination: field.declination,
                       accuracy: accuracy)
    }

    /// A sample `dt` seconds after the last: the heading smoothed, the offset and accuracy
    /// anew. A sample with no heading makes the estimate unreliable (the last heading stays).
    public mutating func update(accel: Vector3, mag: Vector3, dt: Double) {
        guard let r = CompassEstimator.read(accel: accel, mag: mag, pointing: pointing, calibration: calibration, field: field),
              let trueHeading = r.trueHeading, let accuracy = r.accuracy else {
            accuracy = .unreliable
            sampleHeading = nil
            return
        }
        sampleHeading = trueHeading
        let smoothed = filter.update(trueHeading, dt: dt)
        heading = smoothed
        qiblaOffset = qiblaBearing.map { Compass.qiblaOffset(qiblaBearing: $0, trueHeading: smoothed) }
        self.accuracy = accuracy
    }

    /// No sample this time (a chip failing, or its data stale): unreliable until one comes.
    public mutating func noSample() {
        accuracy = .unreliable
        sampleHeading = nil
    }
}
