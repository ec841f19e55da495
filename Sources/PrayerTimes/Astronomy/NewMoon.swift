#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The instants of the new moon (the Sun and Moon in conjunction in longitude), by Jean
/// Meeus, Astronomical Algorithms (2nd ed.), chapter 49: the mean phase and its periodic
/// terms, and the planetary terms. Meeus gives it to a few seconds over several centuries;
/// what it serves here (the day a JAKIM zone's lunar block starts) needs the minute.
public enum NewMoon {
    /// The new moon of lunation `k` (0: the one of 6 January 2000; whole numbers), unix seconds (UT).
    public static func instant(lunation k: Int) -> Double {
        let k = Double(k)
        let T = k / 1236.85, T2 = T * T, T3 = T2 * T, T4 = T3 * T
        var jde = 2_451_550.09766 + 29.530588861 * k + 0.00015437 * T2 - 0.000000150 * T3 + 0.00000000073 * T4
        let E = 1 - 0.002516 * T - 0.0000074 * T2
        let M = rad(2.5534 + 29.10535670 * k - 0.0000014 * T2 - 0.00000011 * T3)
        let Mp = rad(201.5643 + 385.81693528 * k + 0.0107582 * T2 + 0.00001238 * T3 - 0.000000058 * T4)
        let F = rad(160.7108 + 390.67050284 * k - 0.0016118 * T2 - 0.00000227 * T3 + 0.000000011 * T4)
        let omega = rad(124.7746 - 1.56375588 * k + 0.0020672 * T2 + 0.00000215 * T3)
        // Table 49.A, the new moon's column.
        var c = -0.40720 * sin(Mp) + 0.17241 * E * sin(M) + 0.01608 * sin(2 * Mp) + 0.01039 * sin(2 * F)
        c += 0.00739 * E * sin(Mp - M) - 0.00514 * E * sin(Mp + M) + 0.00208 * E * E * sin(2 * M)
        c += -0.00111 * sin(Mp - 2 * F) - 0.00057 * sin(Mp + 2 * F) + 0.00056 * E * sin(2 * Mp + M)
        c += -0.00042 * sin(3 * Mp) + 0.00042 * E * sin(M + 2 * F) + 0.00038 * E * sin(M - 2 * F)
        c += -0.00024 * E * sin(2 * Mp - M) - 0.00017 * sin(omega) - 0.00007 * sin(Mp + 2 * M)
        c += 0.00004 * sin(2 * Mp - 2 * F) + 0.00004 * sin(3 * M) + 0.00003 * sin(Mp + M - 2 * F)
        c += 0.00003 * sin(2 * Mp + 2 * F) - 0.00003 * sin(Mp + M + 2 * F) + 0.00003 * sin(Mp - M + 2 * F)
        c += -0.00002 * sin(Mp - M - 2 * F) - 0.00002 * sin(3 * Mp + M) + 0.00002 * sin(4 * Mp)
        // The planetary arguments A1 to A14 and their coefficients.
        let planetary: [(Double, Double, Double)] = [
            (299.77, 0.107408, 0.000325), (251.88, 0.016321, 0.000165), (251.83, 26.651886, 0.000164),
            (349.42, 36.412478, 0.000126), (84.66, 18.206239, 0.000110), (141.74, 53.303771, 0.000062),
            (207.14, 2.453732, 0.000060), (154.84, 7.306860, 0.000056), (34.52, 27.261239, 0.000047),
            (207.19, 0.121824, 0.000042), (291.34, 1.844379, 0.000040), (161.72, 24.198154, 0.000037),
            (239.56, 25.513099, 0.000035), (331.55, 3.592518, 0.000023),
        ]
        for (i, (a0, a1, coefficient)) in planetary.enumerated() {
            let a = a0 + a1 * k - (i == 0 ? 0.009173 * T2 : 0)
            c += coefficient * sin(rad(a))
        }
        jde += c
        let jd = jde - deltaT(julianDay: jde) / 86_400
        return (jd - 2_440_587.5) * 86_400
    }

    /// The lunation whose new moon is the last at or before `unix` (UT); an instant that is
    /// not a number, or beyond 10 000 years either way, is taken as 1970's first.
    public static func lunation(atOrBefore unix: Double) -> Int {
        let unix = unix.isFinite && abs(unix) < 3e11 ? unix : 0
        // The mean synodic month from the lunation 0 (2000-01-06 18:14 UT), then the true instants.
        var k = Int(((unix - 947_182_440) / (29.530588861 * 86_400)).rounded(.down))
        while instant(lunation: k) > unix { k -= 1 }
        while instant(lunation: k + 1) <= unix { k += 1 }
        return k
    }
}
