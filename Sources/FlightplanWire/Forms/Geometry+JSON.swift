// The wire shapes of the geometry: what each member is called and whether it must be there.

extension Point: WireObject {
    public static var wireStart: Point { .zero }

    /// `{"x", "y"}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `x` or `y` missing or not a
    ///   number.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Point) throws(ValidationError) {
        try walk.required("x", &value.x)
        try walk.required("y", &value.y)
    }
}

extension Size: WireObject {
    public static var wireStart: Size { Size(width: 0, height: 0) }

    /// `{"width", "height"}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `width` or `height` missing or
    ///   not a number.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Size) throws(ValidationError) {
        try walk.required("width", &value.width)
        try walk.required("height", &value.height)
    }
}

extension Rect: WireObject {
    public static var wireStart: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }

    /// `{"x", "y", "width", "height"}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `x`, `y`, `width` or `height`
    ///   missing or not a number.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Rect) throws(ValidationError) {
        try walk.required("x", &value.x)
        try walk.required("y", &value.y)
        try walk.required("width", &value.width)
        try walk.required("height", &value.height)
    }
}

extension AffineTransform: WireObject {
    public static var wireStart: AffineTransform { AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// `{"a", "b", "c", "d", "tx", "ty"}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `a`, `b`, `c`, `d`, `tx` or `ty`
    ///   missing or not a number.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout AffineTransform) throws(ValidationError) {
        try walk.required("a", &value.a)
        try walk.required("b", &value.b)
        try walk.required("c", &value.c)
        try walk.required("d", &value.d)
        try walk.required("tx", &value.tx)
        try walk.required("ty", &value.ty)
    }
}

extension Color: WireObject {
    public static var wireStart: Color { Color(r: 0, g: 0, b: 0) }

    /// `{"r", "g", "b", "a"?}` (components 0…1); written with `a` always.
    /// - Parameters:
    ///   - value: The colour; `a` is 1 when left out.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `r`, `g` or `b` missing, or a
    ///   component not a number.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Color) throws(ValidationError) {
        try walk.required("r", &value.r)
        try walk.required("g", &value.g)
        try walk.required("b", &value.b)
        try walk.defaulted("a", &value.a, 1)
    }

    /// Reads `"#RRGGBB"`, `"#RRGGBBAA"` or the object.
    /// - Parameters:
    ///   - json: The member's parsed JSON value: a hex string or an object.
    ///   - path: The member's path, made only for an error or the object's members' paths.
    /// - Throws: ``ValidationError`` at `path()` when a string is not `#RRGGBB` or `#RRGGBBAA`, when `json` is neither
    ///   a string nor an object, or from the object's reader (a component missing, or a member not known).
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        guard case .string(let text) = json else {
            try self.init(reading: JSONObjectReader(json, path: path()))
            return
        }
        guard let color = Color(hex: text) else {
            throw ValidationError(
                field: path(), message: "must be \"#RRGGBB\", \"#RRGGBBAA\" or {\"r\", \"g\", \"b\", \"a\"}, got \"\(EchoedInput.bounded(text))\"")
        }
        self = color
    }
}

extension Shadow: WireObject {
    public static var wireStart: Shadow { Shadow(color: .wireStart, radius: 0, offset: .zero) }

    /// `{"color", "radius", "offset": {"x", "y"}}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `color`, `radius` or `offset`
    ///   missing or not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Shadow) throws(ValidationError) {
        try walk.required("color", &value.color)
        try walk.required("radius", &value.radius)
        try walk.required("offset", &value.offset)
    }
}

extension Keyframe: WireObject {
    public static var wireStart: Keyframe {
        Keyframe(time: 0, progress: 0, transform: .wireStart, maskFrame: .wireStart, cornerRadius: 0, opacity: 0)
    }

    /// `{"time", "progress", "transform", "maskFrame", "cornerRadius", "opacity"}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `time`, `progress`, `transform`,
    ///   `maskFrame`, `cornerRadius` or `opacity` missing or not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Keyframe) throws(ValidationError) {
        try walk.required("time", &value.time)
        try walk.required("progress", &value.progress)
        try walk.required("transform", &value.transform)
        try walk.required("maskFrame", &value.maskFrame)
        try walk.required("cornerRadius", &value.cornerRadius)
        try walk.required("opacity", &value.opacity)
    }
}
