"""Real agent session files (tests/fixtures/real, each folder's SOURCES.md says where from)
through the readers and through ``sakshi run recovery``.

For every real file, the tool names and the numbers of calls and results the reader finds
must equal an independent count made here by a plain walk over the JSON, written apart
from the readers (it looks at block and item types, not at any reader's tables). Each file
is also run end to end as a run folder of the shipped corpus's case: no such agent ran
that case, so the run fails, but it is read and judged (exit 1, never 2).

The negative cases are derived from the real files (truncated, a field of the wrong type,
a result whose call was taken out) and must be ``error``, never ``pass``. A few cases are
written for sakshi because no real file of that shape was found (marked "not real"): a
Cline history whose tool results are user text, a Codex ``local_shell_call``, the
Responses API's ``item_reference``.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from sakshi.cli import main
from sakshi.recovery.model import ToolCall, ToolResult
from sakshi.recovery.readers import TraceError, detect_format, read_counted, read_trace
from sakshi.recovery.tool_names import known_tools

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))
import real_runs  # the agent-run formats' counts, beside this module

REAL = Path(__file__).parent / "fixtures" / "real"
SUFFIXES = (".json", ".jsonl", ".traj")  # .traj: SWE-agent's trajectories (JSON)
FILES = sorted(path for path in REAL.glob("*/*") if path.suffix in SUFFIXES)
CASE = "recovery.read-offset"


class Count(NamedTuple):
    """Tool calls, tool results and the tools' names, lower-cased."""

    calls: int
    results: int
    names: frozenset[str]


def ids(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def load(path: Path) -> Any:
    """A JSON file, or a JSONL file as the list of its records."""
    text = path.read_text("utf-8")
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return json.loads(text)


def objects(value: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object inside ``value``, depth first."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))


# --- the independent counts ----------------------------------------------------------------

# A hosted Responses tool's item holds its own outcome under one of these keys.
OUTCOME_KEYS = {
    "mcp_call": ("output", "error"),
    "code_interpreter_call": ("outputs",),
    "file_search_call": ("results",),
    "image_generation_call": ("result",),
}


def count_items(items: list[Any]) -> Count:
    """Responses API items (and a Codex rollout's response items)."""
    calls = results = 0
    names: set[str] = set()
    for item in items:
        kind = item.get("type", "")
        if kind.endswith("_call") or kind == "program":
            calls += 1
            names.add(item.get("name", kind.removesuffix("_call")).lower())
            keys = OUTCOME_KEYS.get(kind, ())
            results += any(item.get(key) is not None for key in keys)
        elif kind.endswith("_output"):
            results += 1
    return Count(calls, results, frozenset(names))


def count_codex(records: list[Any]) -> Count:
    return count_items([r["payload"] for r in records if r["type"] == "response_item"])


def count_responses(doc: Any) -> Count:
    if isinstance(doc, list):
        return count_items(doc)
    return count_items(doc.get("input", []) + doc.get("output", []))


def count_blocks(doc: Any) -> Count:
    """Anthropic-style messages (Anthropic, Cline, and a Claude Code transcript's records,
    its sub-agents' progress lines among them): calls are *_use blocks, results
    *tool_result blocks, wherever they stand in the file's messages."""
    # A request's messages, or one Message object as the API returned it.
    messages = doc.get("messages", doc) if isinstance(doc, dict) else doc
    blocks = [o for o in objects(messages) if "type" in o]
    calls = [b for b in blocks if b["type"] in ("tool_use", "server_tool_use", "mcp_tool_use")]
    results = [b for b in blocks if str(b["type"]).endswith("tool_result")]
    return Count(len(calls), len(results), frozenset(b["name"].lower() for b in calls))


def count_gemini(doc: Any) -> Count:
    calls = [c for o in objects(doc) for c in o.get("toolCalls", [])]
    done = [c for c in calls if c["status"] in ("success", "error", "cancelled")]
    return Count(len(calls), len(done), frozenset(c["name"].lower() for c in calls))


def count_chat(doc: Any) -> Count:
    """Chat Completions: a request's messages, or a response's choices' messages."""
    if isinstance(doc, dict) and "choices" in doc:
        messages = [choice["message"] for choice in doc["choices"]]
    else:
        messages = doc.get("messages") if isinstance(doc, dict) else doc
    calls = [c for m in messages for c in m.get("tool_calls") or []]
    results = [m for m in messages if m.get("role") == "tool"]
    return Count(len(calls), len(results), frozenset(c["function"]["name"].lower() for c in calls))


GEMINI_CALLS = {"functionCall": "name", "toolCall": "toolType", "executableCode": None}
GEMINI_RESULTS = ("functionResponse", "toolResponse", "codeExecutionResult")


def count_gemini_api(doc: Any) -> Count:
    """Gemini API bodies: every part, wherever it stands, by the datum it holds."""
    parts = [o for o in objects(doc) if set(GEMINI_CALLS).union(GEMINI_RESULTS) & o.keys()]
    names = set()
    calls = results = 0
    for part in parts:
        for key, name in GEMINI_CALLS.items():
            if key in part:
                calls += 1
                # The SDK writes snake_case (tool_type), the REST API camelCase.
                value = part[key].get(name, part[key].get("tool_type")) if name else None
                names.add(value.lower() if value else "code_execution")
        results += sum(key in part for key in GEMINI_RESULTS)
    return Count(calls, results, frozenset(names))


def count_kimi(records: Any) -> Count:
    """A Kimi wire log, either form: the Python CLI's ToolCall / ToolResult messages
    (a sub-agent's inside its SubagentEvent too), Kimi Code's tool.call / tool.result loop
    events and its messages' toolCalls and tool role."""
    calls: list[str] = []
    results = 0
    for o in objects(records):
        kind = o.get("type")
        if kind == "ToolCall" and "payload" in o:
            calls.append(o["payload"]["function"]["name"])
        elif kind == "tool.call":
            calls.append(o["name"])
        calls += [call["name"] for call in o.get("toolCalls", [])]
        calls += [call["function"]["name"] for call in o.get("tool_calls", [])]
        results += kind in ("ToolResult", "tool.result") or o.get("role") == "tool"
    return Count(len(calls), results, frozenset(name.lower() for name in calls))


def count_gemini_jsonl(records: list[Any]) -> Count:
    """A Gemini CLI JSONL session, rebuilt as Gemini CLI's loader does: a record with a
    known id replaces it in place, $rewindTo drops it and the rest, $set.messages replaces
    them all."""
    messages: dict[str, Any] = {}
    for record in records:
        if "$rewindTo" in record:
            ids = list(messages)
            start = ids.index(record["$rewindTo"]) if record["$rewindTo"] in ids else 0
            for key in ids[start:]:
                del messages[key]
        elif "messages" in record.get("$set", {}):
            messages = {m["id"]: m for m in record["$set"]["messages"]}
        elif "id" in record:
            messages[record["id"]] = record
    return count_gemini({"messages": list(messages.values())})


def count_gemini_stream(records: list[Any]) -> Count:
    calls = [r for r in records if r["type"] == "tool_use"]
    results = [r for r in records if r["type"] == "tool_result"]
    return Count(len(calls), len(results), frozenset(c["tool_name"].lower() for c in calls))


def count_copilot(records: list[Any]) -> Count:
    """Copilot events: a call is a started tool, or one the model asked for that only a
    complete event answers (a denied call never starts)."""
    asked = {
        request["toolCallId"]: request["name"]
        for r in records
        if r["type"] == "assistant.message"
        for request in r["data"].get("toolRequests", [])
    }
    names = {
        r["data"]["toolCallId"]: r["data"]["toolName"]
        for r in records
        if r["type"] == "tool.execution_start"
    }
    done = [r["data"]["toolCallId"] for r in records if r["type"] == "tool.execution_complete"]
    names.update({call: asked[call] for call in done if call not in names})
    return Count(len(names), len(done), frozenset(name.lower() for name in names.values()))


def count_opencode(doc: Any) -> Count:
    """OpenCode: every tool part of the export (or of each export of a parent and its
    sub-agents' sessions), answered when it finished."""
    exports = doc if isinstance(doc, list) else [doc]
    tools = [p for e in exports for m in e["messages"] for p in m["parts"] if p["type"] == "tool"]
    done = [p for p in tools if p["state"]["status"] in ("completed", "error")]
    return Count(len(tools), len(done), frozenset(p["tool"].lower() for p in tools))


def otlp_value(value: dict[str, Any]) -> Any:
    """An OTLP attribute value, decoded here apart from the reader."""
    ((kind, inner),) = value.items()
    if kind == "kvlistValue":
        return {pair["key"]: otlp_value(pair["value"]) for pair in inner.get("values", [])}
    if kind == "arrayValue":
        return [otlp_value(item) for item in inner.get("values", [])]
    return inner


def otlp_items(doc: Any) -> Iterator[dict[str, Any]]:
    """Every span and log record of OTLP JSON (a document, or JSONL's list of them)."""
    for request in doc if isinstance(doc, list) else [doc]:
        for resource in request.get("resourceSpans", []):
            for scope in resource["scopeSpans"]:
                yield from scope["spans"]
        for resource in request.get("resourceLogs", []):
            for scope in resource["scopeLogs"]:
                yield from scope["logRecords"]


def count_otel(doc: Any) -> Count:
    """GenAI telemetry: one call per call id wherever it is named (an execute_tool span,
    a tool_call part, an event's tool_calls), one result per id answered."""
    calls: dict[str, str] = {}
    answered: set[str] = set()
    for item in otlp_items(doc):
        attrs = {a["key"]: otlp_value(a["value"]) for a in item.get("attributes", [])}
        if attrs.get("gen_ai.operation.name") == "execute_tool":
            call_id = attrs.get("gen_ai.tool.call.id") or item["spanId"]
            calls[call_id] = attrs["gen_ai.tool.name"]
            answered.add(call_id)
        for key in ("gen_ai.input.messages", "gen_ai.output.messages"):
            for message in json.loads(attrs.get(key, "[]")):
                for part in message["parts"]:
                    if part["type"] == "tool_call":
                        calls[part["id"]] = part["name"]
                    elif part["type"] == "tool_call_response":
                        answered.add(part["id"])
        body = otlp_value(item["body"]) if "body" in item else {}
        for call in (body.get("message") or body).get("tool_calls", []):
            calls[call["id"]] = call["function"]["name"]
        if item.get("eventName") == "gen_ai.tool.message":
            answered.add(body["id"])
    names = frozenset(name.lower() for name in calls.values())
    return Count(len(calls), len(answered & set(calls)), names)


def count_openinference(doc: Any) -> Count:
    """OpenInference: each TOOL span is a call and its result."""
    tools = []
    for item in otlp_items(doc):
        attrs = {a["key"]: otlp_value(a["value"]) for a in item.get("attributes", [])}
        if attrs.get("openinference.span.kind") == "TOOL":
            tools.append(attrs.get("tool.name", item["name"]).lower())
    return Count(len(tools), len(tools), frozenset(tools))


def langfuse_tool(item: dict[str, Any]) -> str | None:
    """The tool a Langfuse observation ran: a TOOL observation, or one whose OpenTelemetry
    span attributes (kept in its metadata) name a tool; named by those attributes first,
    since an ingested span's observation name is the span's."""
    metadata = item.get("metadata")
    attrs = metadata.get("attributes", {}) if isinstance(metadata, dict) else {}
    named = attrs.get("gen_ai.tool.name") or attrs.get("tool.name")
    return named or (item["name"] if item["type"] == "TOOL" else None)


def count_langfuse(doc: Any) -> Count:
    """Langfuse: each observation that ran a tool is a call and its result."""
    items = doc["data"] if isinstance(doc, dict) and "data" in doc else doc
    items = items["observations"] if isinstance(items, dict) else items
    tools = [name.lower() for name in map(langfuse_tool, items) if name]
    return Count(len(tools), len(tools), frozenset(tools))


COUNTERS: dict[str, Callable[[Any], Count]] = {
    "codex-cli": count_codex,
    "openai-responses": count_responses,
    "anthropic": count_blocks,
    "claude": count_blocks,
    "cline": count_blocks,
    "gemini-cli": count_gemini,
    "openai": count_chat,
    "gemini-api": count_gemini_api,
    "gemini-cli-jsonl": count_gemini_jsonl,
    "gemini-stream-json": count_gemini_stream,
    "copilot-cli": count_copilot,
    "opencode": count_opencode,
    **real_runs.COUNTERS,
    "otel": count_otel,
    "openinference": count_openinference,
    "langfuse": count_langfuse,
    "kimi-cli": count_kimi,
}


def reader_count(data: bytes, source: str, trace_format: str | None = None) -> Count:
    events = read_trace(data, source, trace_format).events
    calls = [e for e in events if isinstance(e, ToolCall)]
    results = [e for e in events if isinstance(e, ToolResult)]
    return Count(len(calls), len(results), frozenset(c.tool for c in calls))


# --- the real files --------------------------------------------------------------------------


def test_every_format_has_a_real_file() -> None:
    assert {path.parent.name for path in FILES} == set(COUNTERS)
    for folder in REAL.iterdir():
        assert (folder / "SOURCES.md").is_file(), folder.name
        listed = (folder / "SOURCES.md").read_text("utf-8")
        for path in (p for p in folder.iterdir() if p.suffix in SUFFIXES):
            assert f"`{path.name}`" in listed, path


@pytest.mark.parametrize("path", FILES, ids=ids)
def test_detected_as_its_format(path: Path) -> None:
    assert detect_format(path.read_bytes(), path.name) == path.parent.name


@pytest.mark.parametrize("path", FILES, ids=ids)
def test_counts_match_an_independent_count(path: Path) -> None:
    expected = COUNTERS[path.parent.name](load(path))
    assert expected.calls > 0
    assert reader_count(path.read_bytes(), path.name, path.parent.name) == expected


def test_the_codex_rollout_in_detail() -> None:
    (path,) = (REAL / "codex-cli").glob("*.jsonl")
    records = load(path)
    reading = read_counted(path.read_bytes(), path.name)
    # Every line but a response item is skipped and counted, and so is each reasoning item.
    quiet = sum(r["type"] != "response_item" for r in records)
    reasoning = sum(r["payload"].get("type") == "reasoning" for r in records)
    assert reading.skipped == quiet + reasoning
    failed = [e for e in reading.trace.events if isinstance(e, ToolResult) and e.is_error]
    # The one command that exited with code 2 (its output says so in its header).
    assert [e.call_id for e in failed] == ["call_6YhDEiPvTJjMNdn6h89qlZOC"]
    assert "Process exited with code 2" in failed[0].text


def test_anthropic_server_only_lists_were_misread_as_openai() -> None:
    # These lists hold no client tool_use: before the server blocks were read, detection
    # took them for OpenAI Chat, which found no tool call in them.
    for path in (REAL / "anthropic").glob("*.json"):
        if "-response" in path.name:
            continue  # a Message object, not a list
        count = reader_count(path.read_bytes(), path.name)
        assert count.calls > 0 and count.results > 0
        with pytest.raises(TraceError):
            read_trace(path.read_bytes(), path.name, "openai")


def test_server_results_text_and_errors() -> None:
    path = REAL / "anthropic" / "pydantic-ai-code-execution.json"
    events = read_trace(path.read_bytes(), path.name).events
    (result,) = [e for e in events if isinstance(e, ToolResult)]
    assert result.tool == "bash_code_execution" and not result.is_error
    assert result.text.strip()


def run_folder(tmp_path: Path, path: Path, data: bytes | None = None) -> Path:
    runs = tmp_path / "runs"
    folder = runs / path.parent.name
    folder.mkdir(parents=True)
    name = "trace.jsonl" if path.suffix == ".jsonl" else "trace.json"
    (folder / name).write_bytes(path.read_bytes() if data is None else data)
    (folder / "case.json").write_text(json.dumps({"case_id": CASE}), "utf-8")
    return runs


def run_recovery(tmp_path: Path, runs: Path, trace_format: str) -> tuple[int, dict[str, Any]]:
    out = tmp_path / "report.json"
    args = ["run", "recovery", str(runs), "--format", "json", "--out", str(out)]
    code = main([*args, "--trace-format", trace_format])
    (case,) = json.loads(out.read_bytes())["cases"]
    return code, case


@pytest.mark.parametrize("path", FILES, ids=ids)
def test_run_recovery_end_to_end(
    tmp_path: Path, path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = COUNTERS[path.parent.name](load(path))
    code, case = run_recovery(tmp_path, run_folder(tmp_path, path), path.parent.name)
    capsys.readouterr()
    assert code == 1
    assert case["status"] in ("fail", "unknown")
    # A report prints only the names the agent's format knows; any other is "other".
    known = known_tools(path.parent.name)
    shown = {name if name in known else "other" for name in expected.names}
    assert case["tool_names"] == sorted(shown)
    assert (case["counts"]["other_tool_calls"] > 0) == ("other" in shown)
    assert (case["counts"]["tool_calls"], case["counts"]["tool_results"]) == (
        expected.calls,
        expected.results,
    )


# --- negative cases, derived from the real files ---------------------------------------------


def dump(path: Path, value: Any) -> bytes:
    if path.suffix == ".jsonl":
        return b"".join(json.dumps(record).encode() + b"\n" for record in value)
    return json.dumps(value).encode()


def first(value: Any, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    return next(o for o in objects(value) if test(o))


def is_call(o: object) -> bool:
    return isinstance(o, dict) and (
        o.get("type") in ("function_call", "tool_use", "server_tool_use", "mcp_tool_use")
    )


def wrong_type(path: Path) -> bytes:
    """A real file with one field of the wrong type (a call id, or Gemini's status)."""
    doc = copy.deepcopy(load(path))
    if path.parent.name in real_runs.COUNTERS:
        return dump(path, real_runs.wrong_type(path.parent.name, doc))
    if path.parent.name in ("gemini-cli", "gemini-cli-jsonl"):
        first(doc, lambda o: "status" in o and "args" in o)["status"] = 1
    elif path.parent.name == "gemini-api":
        part = first(doc, lambda o: "functionCall" in o or "toolCall" in o)
        part.get("functionCall", part.get("toolCall"))["id"] = 42
    elif path.parent.name == "openai":
        first(doc, lambda o: "function" in o and "id" in o)["id"] = 42
    elif path.parent.name == "kimi-cli":
        call = first(doc, lambda o: o.get("type") in ("ToolCall", "tool.call") or "function" in o)
        (call.get("payload") or call)["toolCallId" if "toolCallId" in call else "id"] = 42
    elif path.parent.name in CALL_ID_FIELDS:
        kind, key = CALL_ID_FIELDS[path.parent.name]
        holder = first(doc, lambda o: o.get("type") == kind)
        holder.get("data", holder)[key] = 42
    elif path.parent.name in ("otel", "openinference"):
        names = ("gen_ai.tool.call.id", "tool.name", "id")
        first(doc, lambda o: o.get("key") in names)["value"] = {"intValue": "42"}
    elif path.parent.name == "langfuse":
        first(doc, lambda o: {"traceId", "type"} <= o.keys() and langfuse_tool(o) is not None)[
            "id"
        ] = 42
    else:
        call = first(doc, lambda o: is_call(o) or o.get("type", "").endswith("_call"))
        call["call_id" if "call_id" in call else "id"] = 42
    return dump(path, doc)


# Where a call names its id, for the formats whose call is not a *_call item or *_use block:
# the record type that holds it and the key.
CALL_ID_FIELDS = {
    "gemini-stream-json": ("tool_use", "tool_id"),
    "copilot-cli": ("tool.execution_start", "toolCallId"),
    "opencode": ("tool", "callID"),
}


def orphan_result(path: Path) -> bytes:
    """A real file with a result whose call was taken out (Gemini keeps a call and its
    result in one record: there the result arrives as a part of a user message)."""
    doc = copy.deepcopy(load(path))
    if path.parent.name == "gemini-api":
        for holder in list(objects(doc)):
            if isinstance(holder.get("parts"), list):
                holder["parts"] = [p for p in holder["parts"] if not GEMINI_CALLS.keys() & p.keys()]
        return dump(path, doc)
    if path.parent.name in ("gemini-cli-jsonl", "gemini-stream-json", "copilot-cli"):
        return dump(path, without_answered_calls(path.parent.name, doc))
    if path.parent.name in real_runs.ORPHANS:
        return dump(path, real_runs.orphan_result(path.parent.name, doc))
    if path.parent.name == "gemini-cli":
        user = first(doc, lambda o: o.get("type") == "user")
        user["content"] = [{"functionResponse": {"id": "x", "name": "read_file", "response": {}}}]
        return dump(path, doc)
    if path.parent.name == "kimi-cli":
        return dump(path, [r for r in doc if not kimi_call_record(r)])
    if path.parent.name == "codex-cli":
        answered = first(doc, lambda o: o.get("type") == "function_call_output")["call_id"]
        doc = [
            r
            for r in doc
            if not (
                r["payload"].get("type") == "function_call" and r["payload"]["call_id"] == answered
            )
        ]
        return dump(path, doc)
    answered_ids = {o.get("call_id") or o.get("tool_use_id") for o in objects(doc)} - {None}
    for holder in list(objects(doc)):
        for key in ("input", "output", "content"):
            if isinstance(holder.get(key), list):
                holder[key] = [
                    item
                    for item in holder[key]
                    if not (
                        is_call(item) and (item.get("call_id") or item.get("id")) in answered_ids
                    )
                    # A search the API ran has no call_id: its output answers it by place.
                    and not (
                        isinstance(item, dict)
                        and item.get("type") == "tool_search_call"
                        and item.get("call_id") is None
                    )
                ]
    return dump(path, doc)


def kimi_call_record(record: dict[str, Any]) -> bool:
    """A Kimi wire record that holds a call (the Python CLI's ToolCall message, or Kimi
    Code's tool.call event or assistant message with toolCalls)."""
    return any(
        o.get("type") in ("ToolCall", "tool.call")
        or bool(o.get("toolCalls") or o.get("tool_calls"))
        for o in objects(record)
    )


def without_answered_calls(name: str, records: list[Any]) -> list[Any]:
    """A JSONL file's records without the calls that have results (and, for Copilot, the
    requests that name them); for a Gemini session, a user message that answers a call."""
    if name == "gemini-cli-jsonl":
        user = first(records, lambda o: o.get("type") == "user")
        user["content"] = [{"functionResponse": {"id": "x", "name": "read_file", "response": {}}}]
        return records
    if name == "gemini-stream-json":
        answered = {r["tool_id"] for r in records if r["type"] == "tool_result"}
        return [r for r in records if not (r["type"] == "tool_use" and r["tool_id"] in answered)]
    answered = {r["data"]["toolCallId"] for r in records if r["type"] == "tool.execution_complete"}
    for record in records:
        if record["type"] == "assistant.message":
            record["data"].pop("toolRequests", None)
    return [
        r
        for r in records
        if not (r["type"] == "tool.execution_start" and r["data"]["toolCallId"] in answered)
    ]


def has_separate_results(path: Path) -> bool:
    """Whether a result stands apart from its call (a hosted tool's item holds both)."""
    if path.parent.name == "langfuse":
        return False  # a tool observation holds its call and its result
    separate = (
        "gemini-cli",
        "gemini-cli-jsonl",
        "gemini-stream-json",
        "copilot-cli",
        "kimi-cli",
        *real_runs.ORPHANS,
    )
    return path.parent.name in separate or any(
        str(o.get("type", "")).endswith(("_output", "tool_result"))
        or set(GEMINI_RESULTS) & o.keys()
        for o in objects(load(path))
    )


NEGATIVES: dict[str, Callable[[Path], bytes]] = {
    "truncated": lambda path: path.read_bytes()[: len(path.read_bytes()) * 2 // 3],
    "wrong-type": wrong_type,
    "result-without-call": orphan_result,
}
NEGATIVE_CASES = [
    pytest.param(path, negative, id=f"{ids(path)}-{negative}")
    for path in FILES
    for negative in sorted(NEGATIVES)
    if negative != "result-without-call" or has_separate_results(path)
]


@pytest.mark.parametrize(("path", "negative"), NEGATIVE_CASES)
def test_damaged_real_files_are_errors(
    tmp_path: Path, path: Path, negative: str, capsys: pytest.CaptureFixture[str]
) -> None:
    data = NEGATIVES[negative](path)
    assert data != path.read_bytes()
    with pytest.raises(TraceError):
        read_trace(data, path.name, path.parent.name)
    code, case = run_recovery(tmp_path, run_folder(tmp_path, path, data), path.parent.name)
    capsys.readouterr()
    assert (code, case["status"], case["reasons"]) == (2, "error", ["TRACE_MALFORMED"])


# --- shapes no real file was found for (not real: written for sakshi) ------------------------


def cline_text_results() -> bytes:
    """Not real: the shape of a VS Code Cline history without native tool calls."""
    return json.dumps(
        [
            {"role": "user", "content": [{"type": "text", "text": "<task>\nRead it.\n</task>"}]},
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "<read_file>\n<path>a.txt</path>\n</read_file>"}
                ],
            },
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "[read_file for 'a.txt'] Result:"},
                    {"type": "text", "text": "L1 alpha"},
                ],
            },
        ]
    ).encode()


def test_cline_text_results_cannot_be_certified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cline_text_results()
    assert detect_format(data, "h.json") == "cline"
    with pytest.raises(TraceError, match="cannot certify tool results") as err:
        read_trace(data, "h.json")
    assert "a.txt" not in str(err.value)  # never quotes the trace
    code, case = run_recovery(
        tmp_path, run_folder(tmp_path, REAL / "cline" / "history.json", data), "cline"
    )
    capsys.readouterr()
    assert (code, case["status"]) == (2, "error")


def codex_rollout(*items: dict[str, Any]) -> bytes:
    """Not real: a minimal rollout around the given response items."""
    meta = {"type": "session_meta", "payload": {"id": "s", "cli_version": "0.30.0"}}
    lines = [meta] + [{"type": "response_item", "payload": item} for item in items]
    return b"".join(json.dumps(line).encode() + b"\n" for line in lines)


def test_codex_local_shell_call_and_its_exit_code() -> None:
    data = codex_rollout(
        {
            "type": "local_shell_call",
            "call_id": "c1",
            "status": "completed",
            "action": {"type": "exec", "command": ["cat", "a.txt"]},
        },
        {"type": "function_call_output", "call_id": "c1", "output": "Exit code: 1\nOutput:\nno"},
    )
    assert detect_format(data, "r.jsonl") == "codex-cli"
    events = read_trace(data, "r.jsonl").events
    assert events == (
        ToolCall("c1", "local_shell", {"type": "exec", "command": ["cat", "a.txt"]}),
        ToolResult("c1", "local_shell", True, "Exit code: 1\nOutput:\nno"),
    )


@pytest.mark.parametrize(
    "lines",
    [
        [{"type": "response_item", "payload": {"type": "message", "role": "user", "content": []}}],
        [{"type": "session_meta", "payload": {}}, {"type": "compaction_notice", "payload": {}}],
        [{"type": "session_meta", "payload": {}}, {"type": "response_item", "payload": "x"}],
    ],
    ids=["no-session-meta", "unknown-line-type", "payload-not-an-object"],
)
def test_codex_lines_it_cannot_read(lines: list[dict[str, Any]]) -> None:
    data = b"".join(json.dumps(line).encode() + b"\n" for line in lines)
    with pytest.raises(TraceError):
        read_trace(data, "r.jsonl", "codex-cli")


@pytest.mark.parametrize(
    "item",
    [
        {"type": "item_reference", "id": "fc_1"},
        {"type": "function_call_output", "call_id": "call_1", "output": "answered elsewhere"},
        {"type": "hologram_call", "id": "h1"},
    ],
    ids=["item-reference", "output-of-a-call-stored-by-the-api", "unknown-item"],
)
def test_responses_items_that_cannot_be_certified(item: dict[str, Any]) -> None:
    """Not real: one item each, as a request body with previous_response_id would carry."""
    data = json.dumps({"previous_response_id": "resp_1", "input": [item]}).encode()
    with pytest.raises(TraceError):
        read_trace(data, "r.json", "openai-responses")


# --- detection never guesses -----------------------------------------------------------------


def test_a_file_that_fits_no_format_names_every_candidate() -> None:
    with pytest.raises(TraceError, match="--trace-format") as err:
        detect_format(json.dumps([{"role": "user", "content": "hi"}]).encode(), "x.json")
    for name in ("sakshi", "pi", "claude", "codex-cli", "gemini-cli", "cline", "anthropic"):
        assert name in str(err.value)
    assert "openai-responses" in str(err.value)


def test_a_file_that_fits_two_formats_names_both() -> None:
    path = REAL / "anthropic" / "pydantic-ai-code-execution.json"
    both = {**json.loads(path.read_bytes()), **load(REAL / "openai-responses" / FILES_RESPONSES)}
    with pytest.raises(TraceError, match="fits anthropic, openai-responses"):
        detect_format(json.dumps(both).encode(), "x.json")


FILES_RESPONSES = "mirascope-call-with-tools.json"


@pytest.mark.parametrize(
    "doc",
    [
        [{"instance_id": "a", "messages": []}, {"instance_id": "b", "messages": []}],
        {"results": [{"id": 1, "trajectory": []}, {"id": 2, "trajectory": []}]},
    ],
    ids=["list", "results-key"],
)
def test_a_results_file_says_what_to_extract(doc: Any) -> None:
    with pytest.raises(TraceError, match="results file of 2 trajectories") as err:
        detect_format(json.dumps(doc).encode(), "results.json")
    assert "trace.json" in str(err.value)


@pytest.mark.parametrize(
    "data",
    [
        b'{"type": ["session_meta"], "payload": {}}\n{"type": "event_msg", "payload": {}}\n',
        json.dumps({"sessionId": "s", "messages": [{"type": ["user"]}]}).encode(),
        json.dumps([{"role": "assistant", "content": [{"type": {"a": 1}}]}]).encode(),
        json.dumps({"input": [{"type": "function_call", "status": [1], "call_id": "c"}]}).encode(),
        json.dumps(
            {"agent": "a", "messages": [{"role": "user", "content": [{"type": []}]}]}
        ).encode(),
    ],
    ids=["codex", "gemini", "anthropic", "responses", "cline"],
)
def test_a_list_where_a_name_belongs_is_refused_not_a_crash(data: bytes) -> None:
    try:
        detect_format(data, "x")
    except TraceError:
        pass  # either a format or a refusal; never another exception
    for name in ("codex-cli", "gemini-cli", "anthropic", "openai-responses", "cline"):
        with pytest.raises(TraceError):
            read_trace(data, "x", name)
