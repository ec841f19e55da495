#!/usr/bin/env python3
"""Makes Mihrab's own sounds (board/sounds/*.flac): bell-like chimes synthesised here from
sine partials, nothing recorded or taken from elsewhere. Needs python3 and sox (for FLAC).
Run from anywhere: python3 board/sounds/make-sounds.py. The output is deterministic.

Each bell note is a sum of partials at a struck bell's frequency ratios (1, 2, 2.4, 3, 4.1),
each decaying exponentially, the higher ones faster; a 5 ms attack avoids a click.
"""
import math, os, struct, subprocess, sys, wave

RATE = 22050
HERE = os.path.dirname(os.path.abspath(__file__))
PARTIALS = [(1.0, 1.0, 1.0), (2.0, 0.5, 1.6), (2.4, 0.25, 2.2), (3.0, 0.18, 2.8), (4.1, 0.1, 3.6)]  # ratio, level, decay x


def bell(freq, seconds, decay=1.2):
    n = int(seconds * RATE)
    out = [0.0] * n
    for ratio, level, speed in PARTIALS:
        f = freq * ratio
        if f >= RATE / 2:
            continue
        k = decay * speed
        for i in range(n):
            t = i / RATE
            out[i] += level * math.exp(-k * t) * math.sin(2 * math.pi * f * t)
    attack = int(0.005 * RATE)
    for i in range(min(attack, n)):
        out[i] *= i / attack
    return out


def mix(length, notes):
    """notes: (start seconds, samples)."""
    out = [0.0] * int(length * RATE)
    for start, s in notes:
        o = int(start * RATE)
        for i, v in enumerate(s):
            if o + i < len(out):
                out[o + i] += v
    return out


def write(name, samples, peak):
    m = max(abs(v) for v in samples) or 1
    # The last 50 ms fade to silence, so the end is never a click.
    tail = int(0.05 * RATE)
    for i in range(tail):
        samples[-1 - i] *= i / tail
    wav = os.path.join(HERE, name + ".wav")
    with wave.open(wav, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(round(v / m * peak * 32767))) for v in samples))
    flac = os.path.join(HERE, name + ".flac")
    subprocess.run(["sox", wav, flac], check=True)
    os.remove(wav)
    print(flac)


def note(name):
    """A note like "D5" (equal temperament, A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    return 440 * 2 ** ((steps[name[0]] + 12 * (int(name[-1]) - 4)) / 12)


def main():
    # adhan: the call's slot, for units with no recording yet: a slow phrase of eight bell
    # notes in D minor (D F G A G F E D), then the first note again, long.
    phrase = ["D5", "F5", "G5", "A5", "G5", "F5", "E5", "D5"]
    notes = [(i * 0.9, bell(note(n), 3.0)) for i, n in enumerate(phrase)]
    notes.append((len(phrase) * 0.9 + 0.3, bell(note("D4"), 5.0, decay=0.7)))
    write("adhan", mix(len(phrase) * 0.9 + 5.3, notes), 0.8)
    # iqamah: three rising notes.
    write("iqamah", mix(3.6, [(0, bell(note("D5"), 3)), (0.45, bell(note("F5"), 3)), (0.9, bell(note("A5"), 2.7))]), 0.7)
    # reminder: two soft falling notes.
    write("reminder", mix(2.2, [(0, bell(note("A5"), 2)), (0.5, bell(note("E5"), 1.7))]), 0.45)
    # sunrise: five slow rising notes, soft.
    rising = ["D4", "F4", "A4", "D5", "F5"]
    write("sunrise", mix(5.0, [(i * 0.6, bell(note(n), 2.6, decay=1.0)) for i, n in enumerate(rising)]), 0.5)


if __name__ == "__main__":
    sys.exit(main())
