#!/usr/bin/env python3
"""Writes a batch of 200 default-sampled spring plan requests (JSON, for `flightplan batch`) to standard output: the
five examples/*.json in turn, their `sampling` removed, each on a random spring (damping 0.5 to 1, a response or a
duration) with its source frame moved and resized a little, from a fixed seed, so that two builds plan the same
batch. The workload of the progress grid's callgrind figures in docs/performance.md.

Usage: python3 Benchmarks/spring_batch.py > springs.json
"""
import copy
import glob
import json
import os
import random
import sys

random.seed(44)
examples = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "*.json")
bases = [json.load(open(path)) for path in sorted(glob.glob(examples))]
requests = []
for index in range(200):
    request = copy.deepcopy(bases[index % len(bases)])
    request.pop("sampling", None)
    zeta = random.choice([0.5, 0.6, 0.7, 0.8, 0.9, 1.0])
    request["timing"] = {"curve": {"spring": {"dampingRatio": zeta, "response": random.choice([0.3, 0.4, 0.55])}}}
    if index % 3 == 0:
        request["timing"] = {"curve": {"spring": {"dampingRatio": zeta}}, "duration": random.choice([0.4, 0.6, 0.8])}
    frame = request["source"]["frame"]
    frame["x"] += random.uniform(-10, 10)
    frame["y"] += random.uniform(-50, 50)
    frame["width"] *= random.uniform(0.8, 1.2)
    frame["height"] *= random.uniform(0.8, 1.2)
    requests.append(request)
json.dump({"requests": requests}, sys.stdout)
