-- wrk script for scripts/soak.sh: a mix of valid plans (every example style), malformed JSON and
-- invalid requests, counting the statuses each thread sees so that done() can check them.
local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    local kinds = {}
    for _, style in ipairs({"sharedFrame", "zoom", "reveal", "morph", "snapshot"}) do
        local file = assert(io.open("examples/" .. style .. ".json", "r"))
        table.insert(kinds, {status = 200, body = file:read("*a")})
        file:close()
    end
    table.insert(kinds, {status = 400, body = '{"source": {"frame": '})
    table.insert(kinds, {status = 422, body = '{"source": {"frame": {"x": 0, "y": 0, "width": 0, "height": 1}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}}'})
    requests = {}
    for index, kind in ipairs(kinds) do
        requests[index] = wrk.format("POST", "/v1/plans", {["Content-Type"] = "application/json"}, kind.body)
    end
    expected = {}
    for _, kind in ipairs(kinds) do expected[kind.status] = (expected[kind.status] or 0) + 1 end
    count = 0
    statuses = {}
end

function request()
    count = count + 1
    return requests[(count % #requests) + 1]
end

function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
    local totals, total = {}, 0
    for _, thread in ipairs(threads) do
        for status, n in pairs(thread:get("statuses")) do
            totals[status] = (totals[status] or 0) + n
            total = total + n
        end
    end
    local unexpected = 0
    for status, n in pairs(totals) do
        io.write(string.format("status %d: %d\n", status, n))
        if status ~= 200 and status ~= 400 and status ~= 422 then unexpected = unexpected + n end
    end
    io.write(string.format("responses %d, unexpected statuses %d, socket errors %d\n", total, unexpected,
        summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
    io.write(string.format("latency p50 %.0f us, p99 %.0f us\n", latency:percentile(50), latency:percentile(99)))
end
