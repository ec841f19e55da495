import HAL
import Logging

/// The stop button: a press, the long press's sound test, and the hold from the unit's start
/// that returns it to setup mode.
extension SoundController {
    /// The stop button: a press stops the sound and the buzzer; held for `longPress`
    /// seconds, it plays the adhan's sound for `testSeconds` (an installer sets the volume).
    /// Returns the wall time of each press (for the network), oldest first.
    func readButton(mono: Double, wall: Double) -> [Double] {
        guard let b = button else { return [] }
        if let problem = b.problem, !buttonProblemLogged {
            buttonProblemLogged = true
            logger.error("stop button \(b.name): \(problem); it no longer works until the unit restarts")
        }
        var presses: [Double] = []
        if firstLook == nil {
            firstLook = mono
            if b.pressedAtStart { (startHold, pressedAt, longPressDone) = (mono, mono, true) }
        }
        for e in b.poll(now: mono) {
            let at = wall - (mono - e.at)
            recorder?.button(pressed: e.pressed, at: at)
            if e.pressed {
                presses.append(at)
                (pressedAt, longPressDone) = (e.at, startHold != nil)  // no sound test in the start's hold
                stop(mono: mono)
            } else {
                (pressedAt, startHold) = (nil, nil)
            }
        }
        if let h = startHold, mono - h >= SoundController.resetHold {
            (startHold, resetDue) = (nil, true)
        }
        if let p = pressedAt, !longPressDone, mono - p >= SoundController.longPress {
            longPressDone = true
            playTest(mono: mono)
        }
        return presses
    }

    /// Whether the start's hold has just lasted `resetHold` (once: it is cleared).
    func takeResetDue() -> Bool {
        defer { resetDue = false }
        return resetDue
    }
}
