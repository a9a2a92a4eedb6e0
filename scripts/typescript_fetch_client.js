// Plays requests through openapi-generator's typescript-fetch client (compiled to CommonJS in the directory given
// first), for scripts/generated_clients.py: reads [{"name", "operation", "body", "format"}] from the JSON file given
// second and prints [{"name", "answer"}] (a JSON answer as the client's own ToJSON writes it back, CSS and SVG as
// the text createPlanCss and createPlanSvg give) or [{"name", "error"}]. createPlan's CSS and SVG go through those
// two operations, its JSON formats through createPlan's `format`.
// Usage: node typescript_fetch_client.js COMPILED_CLIENT REQUESTS.json BASE_URL
"use strict";
const fs = require("fs");
const client = require(process.argv[2]);
const requests = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const plans = new client.PlansApi(new client.Configuration({ basePath: process.argv[4] }));
const operations = {
    createPlan: async (body, format) => {
        const planRequest = client.PlanRequestFromJSON(body);
        if (format === "css") return plans.createPlanCss({ planRequest });
        if (format === "svg") return plans.createPlanSvg({ planRequest });
        return client.CreatePlan200ResponseToJSON(await plans.createPlan({ planRequest, format }));
    },
    createPlans: async (body, format) =>
        client.CreatePlans200ResponseToJSON(await plans.createPlans({ createPlansRequest: client.CreatePlansRequestFromJSON(body), format })),
    dismissGesture: async (body, format) =>
        client.DismissalToJSON(await plans.dismissGesture({ dismissRequest: client.DismissRequestFromJSON(body), format })),
};

(async () => {
    const results = [];
    for (const { name, operation, body, format } of requests) {
        try {
            results.push({ name, answer: await operations[operation](body, format) });
        } catch (error) {
            const detail = error.response ? await error.response.text() : "";
            results.push({ name, error: `${error} ${detail}`.slice(0, 400) });
        }
    }
    process.stdout.write(JSON.stringify(results));
})();
