/// An sRGB colour with straight (not premultiplied) alpha; every component in 0…1.
public struct Color: Sendable, Hashable {
    /// Red.
    public var r: Double
    /// Green.
    public var g: Double
    /// Blue.
    public var b: Double
    /// Alpha: 0 transparent, 1 opaque.
    public var a: Double

    /// Creates a colour from its components.
    /// - Parameters:
    ///   - r: Red, 0…1.
    ///   - g: Green, 0…1.
    ///   - b: Blue, 0…1.
    ///   - a: Alpha, 0 (transparent) … 1 (opaque, the default), not premultiplied into the others.
    ///
    /// No component is checked here: one outside 0…1 is kept as given (a request's validator refuses it).
    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Opaque black.
    public static let black = Color(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = Color(r: 1, g: 1, b: 1)

    /// Reads `#RRGGBB` or `#RRGGBBAA` (hexadecimal, either case); nil for anything else.
    /// - Parameter hex: `#` then six or eight hexadecimal digits: red, green, blue and optionally alpha, 00…FF each
    ///   mapped to 0…1.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var components: [Double] = []
        var index = 1
        while index < digits.count {
            guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else { return nil }
            components.append(Double(high * 16 + low) / 255)
            index += 2
        }
        self.init(r: components[0], g: components[1], b: components[2], a: components.count == 4 ? components[3] : 1)
    }

    private static func hexValue(_ digit: UInt8) -> Int? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(digit - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(digit - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(digit - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// The same colour with alpha 0.
    public var transparent: Color { Color(r: r, g: g, b: b, a: 0) }

    /// The colour `fraction` of the way to `other`, the way CSS transitions interpolate colours: in
    /// premultiplied sRGB, so a fade to a transparent colour never passes through a darker one. Exact at
    /// 0 and 1; `fraction` is clamped to 0…1 (a colour cannot overshoot).
    /// - Parameters:
    ///   - other: The colour at `fraction` 1.
    ///   - fraction: How far along, 0 (this colour) … 1 (`other`); clamped to that range.
    /// - Returns: This colour at 0 or below, `other` at 1 or above; in between, alpha interpolated linearly and each
    ///   colour component interpolated premultiplied by its alpha, then divided by the new alpha and clamped to 0…1
    ///   (transparent black when both alphas are 0).
    public func interpolated(to other: Color, fraction: Double) -> Color {
        // A colour mixed with itself is itself, exactly (the premultiplied mix below would round it).
        if fraction <= 0 || other == self { return self }
        if fraction >= 1 { return other }
        let alpha = a + (other.a - a) * fraction
        guard alpha > 0 else { return Color(r: 0, g: 0, b: 0, a: 0) }
        func mix(_ x: Double, _ y: Double) -> Double {
            min(max(0, ((x * a) + (y * other.a - x * a) * fraction) / alpha), 1)
        }
        return Color(r: mix(r, other.r), g: mix(g, other.g), b: mix(b, other.b), a: alpha)
    }
}
