#!/usr/bin/env python3
"""Makes Clavis's three key clicks (Resources/sounds/*.wav), like iOS's three keyboard sounds:
a short bright tick for character keys, a lower, longer knock for delete, and a soft double
tick for modifier and system keys. 16-bit mono PCM at 48 kHz; each is a decaying sine burst,
so the recorded-sound test can tell them apart by pitch and length.

    python3 scripts/make-sounds.py
"""
import math
import struct
import wave
from pathlib import Path

RATE = 48000


def burst(frequency, milliseconds, amplitude=0.6, decay=6.0):
    count = int(RATE * milliseconds / 1000)
    samples = []
    for n in range(count):
        t = n / RATE
        envelope = math.exp(-decay * n / count) * min(1.0, n / 48)  # 1 ms attack, no click at the start
        samples.append(amplitude * envelope * math.sin(2 * math.pi * frequency * t))
    return samples


def silence(milliseconds):
    return [0.0] * int(RATE * milliseconds / 1000)


SOUNDS = {
    "character": burst(2400, 14),
    "delete": burst(700, 40, decay=4.0),
    "modifier": burst(1500, 8, amplitude=0.45) + silence(10) + burst(1500, 8, amplitude=0.45),
}


def main():
    folder = Path(__file__).resolve().parent.parent / "Resources" / "sounds"
    folder.mkdir(parents=True, exist_ok=True)
    for name, samples in SOUNDS.items():
        with wave.open(str(folder / f"{name}.wav"), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s)) * 32767)) for s in samples))
        print(f"wrote {folder / (name + '.wav')} ({len(samples) * 1000 // RATE} ms)")


if __name__ == "__main__":
    main()
