import HAL

/// The unit's loop sees a channel through HAL's protocol (Service does not import Drivers).
extension SensorChannel: VectorSensorChannel {}
