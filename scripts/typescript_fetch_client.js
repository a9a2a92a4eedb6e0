// Plays requests through openapi-generator's typescript-fetch client (compiled to CommonJS in the directory given
// first), for scripts/generated_clients.py: reads [{"name", "operation", "body"}] from the JSON file given second
// and prints [{"name", "answer"}] (the answer as the client's own ToJSON writes it back) or [{"name", "error"}].
// Usage: node typescript_fetch_client.js COMPILED_CLIENT REQUESTS.json BASE_URL
"use strict";
const fs = require("fs");
const client = require(process.argv[2]);
const requests = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const plans = new client.PlansApi(new client.Configuration({ basePath: process.argv[4] }));
const operations = {
    createPlan: async (body) => client.CreatePlan200ResponseToJSON(await plans.createPlan({ planRequest: client.PlanRequestFromJSON(body) })),
    createPlans: async (body) => client.CreatePlans200ResponseToJSON(await plans.createPlans({ createPlansRequest: client.CreatePlansRequestFromJSON(body) })),
    dismissGesture: async (body) => client.DismissalToJSON(await plans.dismissGesture({ dismissRequest: client.DismissRequestFromJSON(body) })),
};

(async () => {
    const results = [];
    for (const { name, operation, body } of requests) {
        try {
            results.push({ name, answer: await operations[operation](body) });
        } catch (error) {
            const detail = error.response ? await error.response.text() : "";
            results.push({ name, error: `${error} ${detail}`.slice(0, 400) });
        }
    }
    process.stdout.write(JSON.stringify(results));
})();
