import FlightplanClient
import FlightplanTestSupport
import Foundation

/// Any valid request, the same every run.
let anyRequest: PlanRequest = {
    var rng = SeededGenerator(seed: 1)
    return RandomScenes.request(using: &rng)
}()

/// How many of `count` random requests a property through the real server sends: all of them, or a tenth under
/// ThreadSanitizer (scripts/sanitizers.sh sets FLIGHTPLAN_THREAD_SANITIZER=1). There the test is run for the threads
/// it makes meet (URLSession's, libmicrohttpd's, the planner on them), which every request crosses the same way, and
/// 250 requests of single-threaded maths under it took 216 s; the AddressSanitizer run sends every one of them.
func requestsThroughServer(_ count: Int) -> Int {
    ProcessInfo.processInfo.environment["FLIGHTPLAN_THREAD_SANITIZER"] == "1" ? max(count / 10, 1) : count
}

/// A remote planner over a scripted transport, retrying fast.
func planner(_ transport: ScriptedTransport, attempts: Int = 3) -> RemotePlanner {
    RemotePlanner(
        baseURL: URL(string: "http://flightplan.test")!, retry: .init(maximumAttempts: attempts, baseDelay: 0.001, maximumDelay: 0.01),
        transport: transport)
}

/// The remote planner's answer to ``anyRequest`` as a value.
func outcome(_ planner: RemotePlanner) async -> Result<Plan, PlannerError> {
    await planResult(planner, anyRequest)
}

/// A planner's answer as a value, for comparing failures.
func planResult(_ planner: some TransitionPlanner, _ request: PlanRequest) async -> Result<Plan, PlannerError> {
    do { return .success(try await planner.plan(request).value) } catch { return .failure(error) }
}

/// A planner's export of `request` as a value, for comparing failures.
func exportResult(
    _ planner: some TransitionPlanner, _ request: PlanRequest, format: PlanFormat, idPrefix: String
) async -> Result<[UInt8], PlannerError> {
    do { return .success(try await planner.export(request, format: format, idPrefix: idPrefix).value) } catch { return .failure(error) }
}

/// A planner's answer to a drag sample as a value, for comparing failures.
func dismissResult(_ planner: some TransitionPlanner, _ request: DismissRequest) async -> Result<Dismissal, PlannerError> {
    do { return .success(try await planner.dismiss(request).value) } catch { return .failure(error) }
}
