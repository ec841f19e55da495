import Compass
import Geo
import HAL

extension UnitCore {
    /// What the board gives the unit: its lines, the compass chips and how they are
    /// mounted, the speaker and the stop button.
    public struct Hardware {
        public var outputs: [BoardConfig.Output: DigitalOutput]
        public var ring: [DigitalOutput]
        public var magnetometer: (any VectorSensorChannel)?
        public var accelerometer: (any VectorSensorChannel)?
        public var magnetometerMounting: Mounting
        public var accelerometerMounting: Mounting
        public var pointing: Vector3
        /// The speaker (nil: none; file sounds fall back to the buzzer) and the stop button.
        public var sound: SoundOutput?
        public var button: ButtonInput?

        public init(outputs: [BoardConfig.Output: DigitalOutput], ring: [DigitalOutput] = [],
                    magnetometer: (any VectorSensorChannel)? = nil, accelerometer: (any VectorSensorChannel)? = nil,
                    magnetometerMounting: Mounting = .identity, accelerometerMounting: Mounting = .identity,
                    pointing: Vector3 = Vector3(1, 0, 0), sound: SoundOutput? = nil, button: ButtonInput? = nil) {
            self.outputs = outputs
            self.ring = ring
            self.magnetometer = magnetometer
            self.accelerometer = accelerometer
            self.magnetometerMounting = magnetometerMounting
            self.accelerometerMounting = accelerometerMounting
            self.pointing = pointing
            self.sound = sound
            self.button = button
        }
    }
}
