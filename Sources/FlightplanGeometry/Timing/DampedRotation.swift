import RealModule

/// `e^{λt}` for one complex rate `λ = a + iω` (an underdamped oscillator's decay `a` and damped angular frequency `ω`)
/// over `0…duration`, read without an exponential, a sine or a cosine: the progress bound's spring search reads the
/// spring at some three candidate times a keyframe, and those three calls were close to a third of its cost.
///
/// A table holds `e^{λkh}` at steps `h = 1 / (8|λ|)`; a time `t = kh + r` with `|r| ≤ h/2` reads its nearest entry times
/// the Taylor series of `e^{λr}` to degree 8 (`|λr| ≤ 1/16`: the truncation is below `(1/16)⁹/9! < 4·10⁻¹⁷` relative,
/// under half an ulp). Every 16th entry is exact (`exp`, `cos` and `sin`), the ones between it and the next are it times
/// `e^{λh}` again and again: each entry within 16 roundings of exact, a few units in the last place. Immutable and
/// shared: a memo hands one table to every search on its spring, and a search reads it in place.
final class DampedRotation: Sendable {
    /// The table's step `h` in seconds, and its inverse.
    private let step: Double, inverseStep: Double
    /// `e^{λkh}` for k = 0 … count − 1: real and imaginary parts interleaved.
    private let entries: [Double]
    /// `λⁿ/n!` for n = 0…8: real and imaginary parts interleaved (the Taylor series' coefficients).
    private let series: InlineArray<18, Double>

    /// Entries between two exact ones.
    private static let exactEvery = 16
    /// Most entries a table may hold: a spring that turns up to 64 times (``SpringProgress``) needs at most about
    /// `8 · 64π / √(1 − ζ²)`; a table longer than this is not made (the search calls exp, sin and cos instead).
    static let maximumEntries = 4096

    /// The table of `e^{(decay + i·frequency)t}` over `0…duration`; nil when it would hold more than ``maximumEntries``.
    init?(decay: Double, frequency: Double, duration: Double) {
        let magnitude = (decay * decay + frequency * frequency).squareRoot()
        guard magnitude > 0, duration >= 0 else { return nil }
        let step = 1 / (8 * magnitude)
        let count = (duration / step).rounded(.up) + 2
        guard count <= Double(Self.maximumEntries) else { return nil }
        self.step = step
        inverseStep = 8 * magnitude
        var series = InlineArray<18, Double>(repeating: 0)
        series[0] = 1
        for order in 1...8 {
            let (re, im) = (series[2 * order - 2], series[2 * order - 1])
            series[2 * order] = (re * decay - im * frequency) / Double(order)
            series[2 * order + 1] = (re * frequency + im * decay) / Double(order)
        }
        self.series = series
        let stepRotation = Self.exact(decay: decay, frequency: frequency, at: step)
        var entries: [Double] = []
        entries.reserveCapacity(2 * Int(count))
        for index in 0..<Int(count) {
            let entry: (re: Double, im: Double)
            if index % Self.exactEvery == 0 {
                entry = Self.exact(decay: decay, frequency: frequency, at: Double(index) * step)
            } else {
                let (re, im) = (entries[2 * index - 2], entries[2 * index - 1])
                entry = (re * stepRotation.re - im * stepRotation.im, re * stepRotation.im + im * stepRotation.re)
            }
            entries.append(entry.re)
            entries.append(entry.im)
        }
        self.entries = entries
    }

    /// `e^{(decay + i·frequency)t}` from exp, cos and sin.
    private static func exact(decay: Double, frequency: Double, at t: Double) -> (re: Double, im: Double) {
        let envelope = Double.exp(decay * t)
        return (envelope * Double.cos(frequency * t), envelope * Double.sin(frequency * t))
    }

    /// `e^{λt}` at `t` seconds, inside `0…duration`.
    func value(at t: Double) -> (re: Double, im: Double) {
        // Truncation is the floor for the times read (at least 0): one conversion, not a call to rint.
        let nearest = Int(t * inverseStep + 0.5)
        let r = t - Double(nearest) * step
        // Horner's rule in the real remainder, written out: eight complex-times-real steps.
        let s = series
        var re = s[16] * r + s[14], im = s[17] * r + s[15]
        re = re * r + s[12]
        im = im * r + s[13]
        re = re * r + s[10]
        im = im * r + s[11]
        re = re * r + s[8]
        im = im * r + s[9]
        re = re * r + s[6]
        im = im * r + s[7]
        re = re * r + s[4]
        im = im * r + s[5]
        re = re * r + s[2]
        im = im * r + s[3]
        re = re * r + s[0]
        im = im * r + s[1]
        let index = 2 * nearest
        let (tableRe, tableIm) = (entries[index], entries[index + 1])
        return (tableRe * re - tableIm * im, tableRe * im + tableIm * re)
    }
}
