import PrayerTimes
import Compass
import UnitModel

extension UnitCore {
    /// What the screens are given now: an immutable value, read on their own threads.
    public var screenInput: ScreenInput {
        var reading: ScreenInput.QiblaReading?
        if let bearing = qiblaBearing, let offset = qiblaOffset, accuracy != .unreliable {
            reading = .init(bearing: bearing, offset: offset, accuracy: QiblaGrade(accuracy))
        }
        var input = ScreenInput(config: config, zone: zone, days: plannedDays, trusted: clockTrusted,
                                position: Coordinates(latitude: latitude, longitude: longitude, elevation: config.elevation), notices: conditions,
                                qibla: reading)
        input.specials = plan.specials
        input.displayOff = display?.on == false
        input.setup = setup
        input.message = message
        return input
    }
}
