"""The research API (/api/v1/): games, rulesets, evidence and sources, their formats and exports."""
