"""Domain presets: shipped TOML files with a domain's entity types, weights, direct identifiers
and recognizer settings (sanon_graph/data/presets/NAME.toml).

A preset is a config file like a user's; a user's config file is laid over it:
- `[preset] name = "legal"` (or `--preset legal`) picks the preset; a table the file has
  is merged into the preset's key by key, except `[entity_types]`, which replaces the
  preset's types (the file brings its own schema: the preset is *replaced*);
- `[preset] extends = "legal"` merges `[entity_types]` too, type by type and key by key
  (the file *extends* the preset: `[entity_types.NAME] weight = 0.9` changes one weight).
Lists (such as `[extraction] recognizers`) are replaced whole; `[extraction] enable` and
`disable` add or remove recognizers without repeating the list. `--preset` on the command
line wins over the file's choice. A preset may itself extend another.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import ConfigError

DEFAULT_PRESET = "health-insurance"
PRESET_KEYS = {"name", "extends", "description"}


def _preset_dir():
    return resources.files("sanon_graph").joinpath("data", "presets")


def preset_names() -> list[str]:
    """The shipped presets, by name."""
    return sorted(p.name.removesuffix(".toml") for p in _preset_dir().iterdir() if p.name.endswith(".toml"))


def preset_description(name: str) -> str:
    return str(read_preset(name).get("preset", {}).get("description", ""))


def read_toml_file(path: Path, what: str = "config file") -> dict[str, Any]:
    """A TOML file as a dict; every problem is a ConfigError naming the file."""
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: {what} not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read {what}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None


def _locate(name: str) -> tuple[str, dict[str, Any]]:
    """(where, raw TOML) of a preset given by name or as a path to a .toml file."""
    if name in preset_names():
        resource = _preset_dir().joinpath(f"{name}.toml")
        try:
            return f"preset {name}", tomllib.loads(resource.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:  # pragma: no cover - the shipped files are tested
            raise ConfigError(f"preset {name}: invalid TOML: {exc}") from None
    if name.endswith(".toml"):
        return name, read_toml_file(Path(name), "preset file")
    raise ConfigError(f"unknown preset {name!r}; shipped presets: {', '.join(preset_names())} (or a path to a .toml file)")


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Tables merged key by key (recursively); anything else in `over` replaces."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def _check_recognizers(raw: dict[str, Any], where: str) -> None:
    from .extract.recognizers import REGISTRY  # lazily: the recognizers import the schema

    extraction = raw.get("extraction", {})
    for key in ("recognizers", "enable", "disable"):
        names = extraction.get(key)
        if names is None:
            continue
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ConfigError(f"{where}: [extraction] {key} must be a list of recognizer names")
        unknown = [n for n in names if n not in REGISTRY]
        if unknown:
            raise ConfigError(f"{where}: unknown recognizer(s) {unknown} in [extraction] {key}; "
                              f"known: {', '.join(sorted(REGISTRY))}")


def _check_preset_table(raw: dict[str, Any], where: str) -> dict[str, Any]:
    table = raw.get("preset", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: [preset] must be a table (name = ..., or extends = ...)")
    unknown = set(table) - PRESET_KEYS
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) in [preset]: {sorted(unknown)}; expected {sorted(PRESET_KEYS)}")
    if "name" in table and "extends" in table:
        raise ConfigError(f"{where}: [preset] takes name (replace the schema) or extends (extend it), not both")
    return table


def _lay_over(base: dict[str, Any], raw: dict[str, Any], extends: bool) -> dict[str, Any]:
    layer = {k: v for k, v in raw.items() if k != "preset"}
    if not extends and "entity_types" in layer:
        base = {k: v for k, v in base.items() if k != "entity_types"}
    merged = merge(base, layer)
    extraction = merged.get("extraction")
    if isinstance(extraction, dict) and ("enable" in extraction or "disable" in extraction):
        names = [n for n in extraction.get("recognizers", []) if n not in extraction.get("disable", [])]
        names += [n for n in extraction.get("enable", []) if n not in names]
        extraction = {k: v for k, v in extraction.items() if k not in ("enable", "disable")}
        merged["extraction"] = {**extraction, "recognizers": names}
    return merged


def read_preset(name: str, _seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """A preset's effective TOML (with what it extends laid under it)."""
    if name in _seen:
        raise ConfigError(f"preset {name}: extends itself ({' -> '.join((*_seen, name))})")
    where, raw = _locate(name)
    table = _check_preset_table(raw, where)
    _check_recognizers(raw, where)
    if "extends" in table:
        base = read_preset(table["extends"], (*_seen, name))
        raw = _lay_over(base, raw, extends=True)
    label = table.get("name") or Path(name).stem
    return {**raw, "preset": {"name": label, "description": table.get("description", "")}}


def compose(config_file: Path | None, preset: str | None = None) -> tuple[str, dict[str, Any]]:
    """(preset name, the effective raw configuration): the preset with the user's file laid over."""
    raw = read_toml_file(config_file) if config_file is not None else {}
    where = str(config_file)
    table = _check_preset_table(raw, where)
    _check_recognizers(raw, where)
    name = preset or table.get("extends") or table.get("name") or DEFAULT_PRESET
    base = read_preset(name)
    merged = _lay_over(base, raw, extends="extends" in table)
    return base["preset"]["name"], merged


def preset_help() -> str:
    """One line per shipped preset, for the command-line help (read without validation: cheap)."""
    parts = []
    for name in preset_names():
        raw = tomllib.loads(_preset_dir().joinpath(f"{name}.toml").read_text(encoding="utf-8"))
        parts.append(f"{name}{' (default)' if name == DEFAULT_PRESET else ''}: {raw.get('preset', {}).get('description', '')}")
    return ("Domain preset: entity types, weights, direct identifiers and recognizers. " + " ".join(parts)
            + " Or a path to a .toml preset; [preset] name/extends in --config does the same.")
