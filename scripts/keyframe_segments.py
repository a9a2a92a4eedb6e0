"""What the Python tests share about playing keyframes as a linear renderer does."""


def segment(frames, time):
    """The keyframes either side of `time` and the fraction of the way between them (held outside the ends)."""
    if time <= frames[0]["time"]:
        return frames[0], frames[0], 0.0
    if time >= frames[-1]["time"]:
        return frames[-1], frames[-1], 0.0
    index = max(i for i, k in enumerate(frames) if k["time"] <= time)
    a, b = frames[index], frames[index + 1]
    return a, b, (time - a["time"]) / (b["time"] - a["time"])
