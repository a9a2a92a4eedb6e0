extension Point: JSONCodable {
    /// Reads `{"x", "y"}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(x: try reader.requiredNumber("x"), y: try reader.requiredNumber("y"))
        try reader.finish(allowing: MemberNames.point)
    }

    /// Writes `{"x", "y"}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("x"); writer.number(x)
        writer.key("y"); writer.number(y)
        writer.endObject()
    }
}

extension Size: JSONCodable {
    /// Reads `{"width", "height"}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(width: try reader.requiredNumber("width"), height: try reader.requiredNumber("height"))
        try reader.finish(allowing: MemberNames.size)
    }

    /// Writes `{"width", "height"}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("width"); writer.number(width)
        writer.key("height"); writer.number(height)
        writer.endObject()
    }
}

extension Rect: JSONCodable {
    /// Reads `{"x", "y", "width", "height"}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(
            x: try reader.requiredNumber("x"), y: try reader.requiredNumber("y"),
            width: try reader.requiredNumber("width"), height: try reader.requiredNumber("height"))
        try reader.finish(allowing: MemberNames.rect)
    }

    /// Writes `{"x", "y", "width", "height"}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("x"); writer.number(x)
        writer.key("y"); writer.number(y)
        writer.key("width"); writer.number(width)
        writer.key("height"); writer.number(height)
        writer.endObject()
    }
}

extension AffineTransform: JSONCodable {
    /// Reads `{"a", "b", "c", "d", "tx", "ty"}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(
            a: try reader.requiredNumber("a"), b: try reader.requiredNumber("b"), c: try reader.requiredNumber("c"),
            d: try reader.requiredNumber("d"), tx: try reader.requiredNumber("tx"), ty: try reader.requiredNumber("ty"))
        try reader.finish(allowing: MemberNames.transform)
    }

    /// Writes `{"a", "b", "c", "d", "tx", "ty"}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("a"); writer.number(a)
        writer.key("b"); writer.number(b)
        writer.key("c"); writer.number(c)
        writer.key("d"); writer.number(d)
        writer.key("tx"); writer.number(tx)
        writer.key("ty"); writer.number(ty)
        writer.endObject()
    }
}
