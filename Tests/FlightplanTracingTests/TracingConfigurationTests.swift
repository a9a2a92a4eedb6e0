import FlightplanTracing
import Testing

@Suite("OTEL_* variables: export off unless asked, the spec's defaults, and a clear refusal of what is not supported")
struct TracingConfigurationTests {
    private func configuration(_ environment: [String: String]) throws -> TracingConfiguration? {
        try TracingConfiguration.fromEnvironment(environment, serviceVersion: "9.9.9")
    }

    private static let endpoint = ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318"]

    @Test(
        "no endpoint, OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none: nothing is exported",
        arguments: [
            [:], ["OTEL_SERVICE_NAME": "x", "OTEL_TRACES_SAMPLER": "always_on"], endpoint.merging(["OTEL_SDK_DISABLED": "TRUE"]) { $1 },
            endpoint.merging(["OTEL_TRACES_EXPORTER": "none"]) { $1 }
        ])
    func off(environment: [String: String]) throws {
        #expect(try configuration(environment) == nil)
    }

    @Test("the spec's defaults: /v1/traces under the endpoint, parentbased_always_on, 2048/512/5 s/30 s, 10 s a request")
    func defaults() throws {
        let settings = try #require(try configuration(Self.endpoint.merging(["OTEL_SDK_DISABLED": "false"]) { $1 }))
        #expect(settings.endpoint == OTLPEndpoint(url: "http://collector:4318/v1/traces"))
        #expect(settings.endpoint.description == "http://collector:4318/v1/traces")
        #expect(settings.sampler == .parentBased(root: .alwaysOn) && settings.batch == BatchSettings())
        #expect(settings.batch.maxQueueSize == 2048 && settings.batch.maxExportBatchSize == 512)
        #expect(
            settings.batch.scheduleDelay == .seconds(5) && settings.batch.exportTimeout == .seconds(30) && settings.requestTimeout == .seconds(10))
        #expect(settings.headers.isEmpty)
        #expect(settings.resource.first == Attribute("service.name", .string("flightplan")))
        #expect(settings.resource.contains(Attribute("service.version", .string("9.9.9"))))
    }

    @Test("the traces endpoint is used as is and wins; a trailing slash on the base is not doubled; IPv6 and default ports")
    func endpoints() throws {
        let both = try #require(
            try configuration(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://a:1", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://[::1]:4318/otlp/traces"]))
        #expect(both.endpoint.host == "::1" && both.endpoint.port == 4318 && both.endpoint.path == "/otlp/traces")
        #expect(try configuration(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://b/"])?.endpoint.description == "http://b:80/v1/traces")
    }

    @Test("headers: percent-decoded values, the traces variable over the general one by name")
    func headers() throws {
        let settings = try #require(
            try configuration(
                Self.endpoint.merging([
                    "OTEL_EXPORTER_OTLP_HEADERS": "api-key=s%3Dcret, X-Tenant = a", "OTEL_EXPORTER_OTLP_TRACES_HEADERS": "x-tenant=b%20c"
                ]) { $1 }))
        #expect(settings.headers.map { [$0.name, $0.value] } == [["api-key", "s=cret"], ["x-tenant", "b c"]])
    }

    @Test("the resource: OTEL_SERVICE_NAME over service.name in OTEL_RESOURCE_ATTRIBUTES; the other attributes follow ours")
    func resource() throws {
        let listed = try #require(
            try configuration(Self.endpoint.merging(["OTEL_RESOURCE_ATTRIBUTES": "service.name=from-list,k8s.pod.name=p%2D1"]) { $1 }))
        #expect(listed.resource.first == Attribute("service.name", .string("from-list")))
        #expect(listed.resource.last == Attribute("k8s.pod.name", .string("p-1")))
        let named = try #require(
            try configuration(Self.endpoint.merging(["OTEL_RESOURCE_ATTRIBUTES": "service.name=x", "OTEL_SERVICE_NAME": "y"]) { $1 }))
        #expect(named.resource.filter { $0.key == "service.name" } == [Attribute("service.name", .string("y"))])
    }

    @Test("samplers by name, with their ratio")
    func samplers() throws {
        func sampler(_ name: String, _ argument: String? = nil) throws -> TraceSampler? {
            var environment = Self.endpoint.merging(["OTEL_TRACES_SAMPLER": name]) { $1 }
            environment["OTEL_TRACES_SAMPLER_ARG"] = argument
            return try configuration(environment)?.sampler
        }
        #expect(try sampler("always_off") == .alwaysOff)
        #expect(try sampler("traceidratio", "0.25") == .traceIDRatio(0.25))
        #expect(try sampler("traceidratio") == .traceIDRatio(1))
        #expect(try sampler("parentbased_traceidratio", "0.5") == .parentBased(root: .traceIDRatio(0.5)))
        #expect(try sampler("parentbased_always_off") == .parentBased(root: .alwaysOff))
    }

    @Test(
        "what cannot be honoured is refused, naming the variable",
        arguments: [
            ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"), ("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "http/json"),
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "https://collector:4318"), ("OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318"),
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:99999"), ("OTEL_EXPORTER_OTLP_COMPRESSION", "gzip"),
            ("OTEL_TRACES_EXPORTER", "zipkin"), ("OTEL_PROPAGATORS", "tracecontext,b3"), ("OTEL_TRACES_SAMPLER", "xray"),
            ("OTEL_TRACES_SAMPLER_ARG", "1.5"), ("OTEL_BSP_MAX_QUEUE_SIZE", "0"), ("OTEL_BSP_MAX_EXPORT_BATCH_SIZE", "4096"),
            ("OTEL_BSP_SCHEDULE_DELAY", "soon"), ("OTEL_EXPORTER_OTLP_TIMEOUT", "-1"), ("OTEL_EXPORTER_OTLP_HEADERS", "novalue"),
            ("OTEL_EXPORTER_OTLP_HEADERS", "x=a%0Db"), ("OTEL_RESOURCE_ATTRIBUTES", "k=%zz")
        ])
    func refusals(variable: String, value: String) throws {
        var environment = Self.endpoint.merging([variable: value]) { $1 }
        if variable == "OTEL_TRACES_SAMPLER_ARG" { environment["OTEL_TRACES_SAMPLER"] = "traceidratio" }
        #expect {
            try configuration(environment)
        } throws: { error in
            "\(error)".hasPrefix("\(variable)")
        }
    }
}

@Suite("Samplers: the caller's decision, or a share of trace ids")
struct SamplerTests {
    @Test("traceidratio keeps about its share of random traces, none at 0 and all at 1", arguments: [0, 0.1, 0.5, 1])
    func ratio(share: Double) {
        let kept = (0..<20_000).filter { _ in TraceSampler.traceIDRatio(share).samples(.random(), parentSampled: nil) }.count
        #expect(abs(Double(kept) / 20_000 - share) < 0.02)
        if share == 0 || share == 1 { #expect(Double(kept) == share * 20_000) }
    }

    @Test("the same trace id gets the same decision, so services keeping the same share keep the same traces")
    func consistent() {
        for _ in 0..<1000 {
            let trace = TraceID.random()
            #expect(
                TraceSampler.traceIDRatio(0.3).samples(trace, parentSampled: nil) == TraceSampler.traceIDRatio(0.3).samples(trace, parentSampled: nil)
            )
            // A larger share keeps every trace a smaller one keeps.
            #expect(
                !TraceSampler.traceIDRatio(0.3).samples(trace, parentSampled: nil)
                    || TraceSampler.traceIDRatio(0.6).samples(trace, parentSampled: nil))
        }
    }

    @Test("parent-based samplers follow the caller's flag, and their root sampler without a caller")
    func parentBased() {
        let trace = TraceID.random()
        for root in [TraceSampler.alwaysOn, .alwaysOff] {
            #expect(TraceSampler.parentBased(root: root).samples(trace, parentSampled: true))
            #expect(!TraceSampler.parentBased(root: root).samples(trace, parentSampled: false))
            #expect(TraceSampler.parentBased(root: root).samples(trace, parentSampled: nil) == (root == .alwaysOn))
        }
    }
}
