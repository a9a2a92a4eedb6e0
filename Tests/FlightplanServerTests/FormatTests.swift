import FlightplanServerTestSupport
import FlightplanWire
import Foundation
import Testing

@testable import FlightplanServer

@Suite("?format= and Accept: the exports through the router")
struct FormatTests {
    @Test("each format answers its media type and the endpoint's export bytes", arguments: PlanFormat.allCases)
    func formats(format: PlanFormat) throws {
        let response = respond("POST", "/v1/plans?format=\(format.rawValue)", body: sampleRequest)
        #expect(response.status == 200)
        #expect(response[header: "Content-Type"] == format.mediaType)
        #expect(response.body == (try Endpoint.plan.answer(Array(sampleRequest.utf8), format: format).result.get()))
        if format != .json { #expect(response.body != (try Endpoint.plan.answer(Array(sampleRequest.utf8)).result.get())) }
    }

    @Test(
        "the CSS and SVG operations answer ?format=css and ?format=svg's bytes and media type, with the prefix asked for and whatever Accept says",
        arguments: [(Endpoint.css, PlanFormat.css), (.svg, .svg)])
    func exportOperations(endpoint: Endpoint, format: PlanFormat) throws {
        let response = respond("POST", "\(endpoint.path)?idPrefix=tool", body: sampleRequest, headers: ["Accept": "application/json"])
        #expect(response.status == 200 && response[header: "Content-Type"] == format.mediaType)
        #expect(response.body == respond("POST", "/v1/plans?format=\(format.rawValue)&idPrefix=tool", body: sampleRequest).body)
        #expect(response[header: "Vary"] == nil)
    }

    @Test(
        "an unknown parameter, an unknown format or a repeated one is a 400 naming it; the filmstrip takes none, the CSS and SVG operations only idPrefix",
        arguments: [
            ("/v1/plans?fromat=css", "fromat"), ("/v1/plans?format=gif", "format"), ("/v1/plans?format=css&format=svg", "format"),
            ("/v1/plans/batch?x=1", "x"), ("/v1/gestures/dismiss?format=mp4", "format"), ("/v1/plans/filmstrip.svg?format=css", "format"),
            ("/v1/plans?format=svg&idPrefix=1a", "idPrefix"), ("/v1/plans?idPrefix=a&idPrefix=b", "idPrefix"),
            ("/v1/plans/filmstrip.svg?idPrefix=a", "idPrefix"), ("/v1/plans/export.css?format=svg", "format"),
            ("/v1/plans/export.svg?format=svg", "format"), ("/v1/plans/export.svg?idPrefix=1a", "idPrefix")
        ])
    func refusals(path: String, field: String) throws {
        let response = respond("POST", path, body: sampleRequest)
        #expect(response.status == 400)
        let details = try problem(of: response)
        #expect(details.field == field && details.detail.contains(field), "\(details.detail)")
    }

    @Test("without format, an Accept of only text/css or only image/svg+xml picks that export; anything else is JSON")
    func accept() {
        #expect(
            respond("POST", "/v1/plans", body: sampleRequest, headers: ["Accept": "text/css"])[header: "Content-Type"] == PlanFormat.css.mediaType)
        #expect(
            respond("POST", "/v1/plans", body: sampleRequest, headers: ["Accept": "image/svg+xml"])[header: "Content-Type"]
                == PlanFormat.svg.mediaType)
        #expect(respond("POST", "/v1/plans", body: sampleRequest, headers: ["Accept": "text/css, */*"])[header: "Content-Type"] == "application/json")
        #expect(
            respond("POST", "/v1/plans?format=json", body: sampleRequest, headers: ["Accept": "text/css"])[header: "Content-Type"]
                == "application/json")
    }

    @Test(
        "Accept's q-values choose among JSON, CSS and SVG (RFC 9110 §12.5.1): q=0 rules a type out, wildcards match, JSON wins a tie; nothing acceptable is a 406",
        arguments: [
            ("text/css;q=0", nil), ("*/*;q=0", nil), ("text/html", nil), ("text/*;q=0.5, text/css;q=0", nil),
            ("text/css;q=0, */*", PlanFormat.json), ("*/*, text/css;q=0", .json), ("application/*", .json), ("", .json), ("text/css, */*", .json),
            ("application/json;q=0.5, text/css", .css), ("text/*", .css), ("TEXT/CSS;Q=1", .css), ("text/css;charset=utf-8", .css),
            ("image/svg+xml;q=0.9, text/css;q=0.8, application/json;q=0.1", .svg), ("image/*, application/json;q=0.2", .svg),
            ("text/css;q=2, image/svg+xml", .svg), ("text/css;q=0.1234, image/svg+xml;q=0.001", .svg)
        ] as [(String, PlanFormat?)])
    func qualityValues(accept: String, chosen: PlanFormat?) throws {
        let response = respond("POST", "/v1/plans", body: sampleRequest, headers: ["Accept": accept])
        guard let chosen else {
            #expect(response.status == 406)
            #expect(try problem(of: response).detail.contains("text/css"))
            return
        }
        #expect(response.status == 200 && response[header: "Content-Type"] == chosen.mediaType, "\(response[header: "Content-Type"] ?? "none")")
    }

    @Test("?idPrefix= names the export's classes and ids, in a plan and in a batch")
    func idPrefix() throws {
        let svg = String(decoding: respond("POST", "/v1/plans?format=svg&idPrefix=hero", body: sampleRequest).body, as: UTF8.self)
        #expect(svg.contains(#"id="hero-destinationScreen""#) && !svg.contains(#"id="fp-"#))
        let batch = String(
            decoding: respond("POST", "/v1/plans/batch?format=css&idPrefix=card", body: #"{"requests": [\#(sampleRequest)]}"#).body, as: UTF8.self)
        #expect(batch.contains(".card-stage") && !batch.contains(".fp-"))
    }

    @Test("?format= wins over Accept: it names the answer outright")
    func formatOverAccept() {
        let response = respond("POST", "/v1/plans?format=css", body: sampleRequest, headers: ["Accept": "text/css;q=0"])
        #expect(response.status == 200 && response[header: "Content-Type"] == PlanFormat.css.mediaType)
    }

    @Test("every answer of the negotiated route varies by Accept (with Origin when origins are listed, in one header); the others do not")
    func vary() {
        var configuration = ServerConfiguration()
        configuration.corsOrigin = "https://figma.com"
        let listed = Router(configuration: configuration)
        for (headers, body) in [(["Accept": "text/css"], sampleRequest), (["Accept": "text/html"], sampleRequest), ([:], "{}")] {
            #expect(respond("POST", "/v1/plans", body: body, headers: headers)[header: "Vary"] == "Accept")
            #expect(respond("POST", "/v1/plans", body: body, headers: headers, router: listed)[header: "Vary"] == "Origin, Accept")
        }
        #expect(respond("OPTIONS", "/v1/plans")[header: "Vary"] == "Accept")
        #expect(respond("POST", "/v1/plans/batch", body: #"{"requests": []}"#, headers: ["Accept": "text/css"])[header: "Vary"] == nil)
        #expect(respond("GET", "/healthz", router: listed)[header: "Vary"] == "Origin")
    }

    @Test("a batch embeds JSON exports as objects and text exports as strings")
    func batch() throws {
        for format in [PlanFormat.waapi, .css] {
            let response = respond("POST", "/v1/plans/batch?format=\(format.rawValue)", body: #"{"requests": [\#(sampleRequest)]}"#)
            #expect(response.status == 200)
            let results = try JSONParser.parse(response.body).members?.first { $0.key == "results" }?.value.items ?? []
            let plan = results.first?.members?.first { $0.key == "plan" }?.value
            if format.isJSON {
                #expect(plan?.members?.contains { $0.key == "elements" } == true)
            } else if case .string(let text) = plan {
                #expect(text.hasPrefix("/* Flightplan"))
            } else {
                Issue.record("a css export in a batch is not a string: \(String(describing: plan))")
            }
        }
    }

    @Test("?format=boxes answers the plan's window boxes, as a plan and as a batch's result")
    func windowBoxes() throws {
        let plan = try Planner.plan(for: PlanRequest(jsonBytes: Array(sampleRequest.utf8)).validated())
        let expected = PlanFormat.boxes.export(plan)
        let tracks = try JSONParser.parse(expected).members?.first { $0.key == "tracks" }?.value.items ?? []
        #expect(tracks.count == plan.tracks.count && tracks.count > 1)
        let response = respond("POST", "/v1/plans?format=boxes", body: sampleRequest)
        #expect(response.status == 200 && response[header: "Content-Type"] == "application/json")
        #expect(Array(response.body) == expected)
        let batch = respond("POST", "/v1/plans/batch?format=boxes", body: #"{"requests": [\#(sampleRequest)]}"#)
        let results = try JSONParser.parse(batch.body).members?.first { $0.key == "results" }?.value.items ?? []
        #expect(results.first?.members?.first { $0.key == "plan" }?.value == (try JSONParser.parse(expected)))
    }

    @Test("query strings are split off the path and decoded as forms encode them")
    func queryParsing() {
        let head = RequestHead(method: "POST", path: "/v1/plans?format=core%2Danimation&a=b+c&flag")
        #expect(head.path == "/v1/plans")
        #expect(
            head.query == [
                QueryParameter(name: "format", value: "core-animation"), QueryParameter(name: "a", value: "b c"),
                QueryParameter(name: "flag", value: "")
            ])
    }
}

@Suite("A dismissal's completion plan in a format")
struct DismissalFormatTests {
    @Test("the release's completion plan is exported, the drag state stays as it is")
    func dismissal() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let body = try String(contentsOf: root.appendingPathComponent("examples/gestures/dismiss-ended.json"), encoding: .utf8)
        let response = respond("POST", "/v1/gestures/dismiss?format=lottie", body: body)
        #expect(response.status == 200 && response[header: "Content-Type"] == "application/json")
        let members = try JSONParser.parse(response.body).members ?? []
        let plan = members.first { $0.key == "plan" }?.value.members ?? []
        #expect(plan.contains { $0.key == "layers" } && plan.contains { $0.key == "fr" }, "the plan is a Lottie document")
        #expect(members.contains { $0.key == "state" } && members.contains { $0.key == "decision" })
    }

    @Test("a release's completion plan as ?format=boxes: every track's window boxes")
    func dismissalBoxes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let body = try String(contentsOf: root.appendingPathComponent("examples/gestures/dismiss-ended.json"), encoding: .utf8)
        let response = respond("POST", "/v1/gestures/dismiss?format=boxes", body: body)
        #expect(response.status == 200)
        let plan = try JSONParser.parse(response.body).members?.first { $0.key == "plan" }?.value.members ?? []
        let tracks = plan.first { $0.key == "tracks" }?.value.items ?? []
        #expect(plan.contains { $0.key == "stage" } && !tracks.isEmpty)
        #expect(tracks.allSatisfy { ($0.members?.first { $0.key == "keyframes" }?.value.items?.isEmpty ?? true) == false })
    }
}
