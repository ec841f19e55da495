/// A driver's wait, in seconds, as embedded-hal's `DelayNs`: every driver that waits (the
/// MPU-6050 after its reset, the HD44780 between its initialisation steps) is given one by
/// whoever makes it, with no default. On a real bus the calling thread sleeps (Assembly's
/// `pauseThread`); chips emulated in virtual time wait for nothing (`noPause`).
public typealias Pause = (Double) -> Void

/// The wait of emulated chips that live in virtual time, and of a driver that only probes:
/// none. Emulated time moves when its clock is advanced, not while a thread sleeps. The one
/// no-op pause, named as such.
@Sendable public func noPause(_ seconds: Double) {}
