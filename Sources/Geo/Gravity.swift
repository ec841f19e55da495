/// Standard gravity (CGPM 1901), m/s^2: the "g" of accelerometer datasheets and the
/// acceleration a level unit at rest measures. One constant for the drivers, the
/// emulators, the simulated world and the compass's gravity check.
public let standardGravity = 9.80665
