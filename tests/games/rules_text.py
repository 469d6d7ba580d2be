"""Small rules files written inside a test: compile one from its head and clauses."""
from __future__ import annotations

from games.engine.rules import compile_file


def compile_example(tmp_path, family: str, head: str, clauses: str):
    """Compile ``head + clauses`` as games/rulesets/<family>/example.toml under ``tmp_path``."""
    folder = tmp_path / "rulesets" / family
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "example.toml"
    path.write_text(head + clauses, encoding="utf-8")
    return compile_file(path, tmp_path)


def clause(n: int, body: str) -> str:
    """A clause ``EX-n`` stating ``body`` (TOML lines of rule elements)."""
    return f'\n[[clause]]\nid = "EX-{n}"\ntext = "A rule."\n{body}\n'
