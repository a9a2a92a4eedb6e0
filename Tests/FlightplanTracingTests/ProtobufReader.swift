/// A protobuf wire-format reader written for the tests, independent of the encoder: it splits a message into its
/// fields, so that a test reads back what `OTLPProtobuf` wrote field by field.
struct ProtobufReader {
    /// One field: its number, and its value as a varint, fixed-width bits, or bytes.
    enum Value: Equatable {
        case varint(UInt64)
        case fixed64(UInt64)
        case fixed32(UInt32)
        case bytes([UInt8])
    }

    /// The fields of `message` in order; nil when it is not well-formed protobuf.
    static func fields(_ message: [UInt8]) -> [(number: UInt64, value: Value)]? {
        var index = 0, fields: [(UInt64, Value)] = []
        func varint() -> UInt64? {
            var value: UInt64 = 0, shift: UInt64 = 0
            while index < message.count, shift < 64 {
                let byte = message[index]
                index += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        func little(_ count: Int) -> UInt64? {
            guard index + count <= message.count else { return nil }
            defer { index += count }
            return message[index..<(index + count)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        while index < message.count {
            guard let tag = varint() else { return nil }
            switch tag & 7 {
            case 0: guard let value = varint() else { return nil }; fields.append((tag >> 3, .varint(value)))
            case 1: guard let value = little(8) else { return nil }; fields.append((tag >> 3, .fixed64(value)))
            case 5: guard let value = little(4) else { return nil }; fields.append((tag >> 3, .fixed32(UInt32(value))))
            case 2:
                guard let length = varint(), index + Int(length) <= message.count else { return nil }
                fields.append((tag >> 3, .bytes(Array(message[index..<(index + Int(length))]))))
                index += Int(length)
            default: return nil
            }
        }
        return fields
    }

    /// The values of field `number` that are bytes (strings and embedded messages).
    static func bytes(_ number: UInt64, in message: [UInt8]) -> [[UInt8]] {
        (fields(message) ?? []).compactMap { field in
            guard field.number == number, case .bytes(let bytes) = field.value else { return nil }
            return bytes
        }
    }

    /// The one value of field `number`, or nil.
    static func value(_ number: UInt64, in message: [UInt8]) -> Value? {
        fields(message)?.first { $0.number == number }?.value
    }
}
