"""A scripted OpenAI-compatible model server, for driving a real coding agent in tests.

Stdlib only (``http.server`` + ``threading``). The server speaks enough of the OpenAI Chat
Completions API for an agent such as Pi (``api: openai-completions``) to use it as its model:
``POST /v1/chat/completions`` (and ``/chat/completions``), streaming (SSE, the agent's normal
mode) and non-streaming, plus ``GET /v1/models``. It binds to ``127.0.0.1`` on an ephemeral
port and lives at most ``lifetime`` seconds (then it shuts itself down).

Nothing decides like a model here: a *script* does. A script is any callable
``script(conversation) -> Turn``. On every request the server parses the messages the agent
sent into a :class:`Conversation` (the calls it made, with the real text of each tool result
the agent sent back) and asks the script for the next assistant turn: tool calls, or final
text. So a script can follow the *real* handle a tool issued (``Full output: PATH``) and the
*real* continuation offset (``Use offset=N to continue``). Call ids are derived from the turn
number, so a repeated request gets the same answer.

The server can also play the harness of a temp-output case: a :class:`TempOutputHarness`
observes every conversation before the script runs, and when it first sees the producer's
tool result it deletes the synthetic source in the fixture project (and checks it is gone),
checks the handle named in the result text is readable and holds the fact, and writes
``probe.json`` (``{"events": [...]}``, SPEC section 5). Its ``cleanup`` and ``handle_check``
modes omit or falsify those events for negative cases. The server only sees what the agent
sends to the model, so the handle comes from the result text footer, not from
``details.fullOutputPath`` (which the agent keeps to itself).

Use::

    from scripted_model import ScriptedModelServer, TempOutputHarness, Turn, bash, read

    def script(conv):
        producer = conv.first_call("bash")
        if producer is None:
            return Turn.call(bash("cat notes/big.txt"))
        handle = full_output_path(producer.result)
        step = continue_reading(conv, handle, "L03000")
        return step or Turn.say(token_after(conv, "L03000") or "unknown")

    harness = TempOutputHarness(project, "notes/big.txt", fact, probe_path=tmp / "probe.json")
    with ScriptedModelServer(script, harnesses=[harness], lifetime=120) as server:
        ...  # point the agent at server.base_url (a dummy API key is fine), run it
    assert not server.errors

``server.requests`` keeps every request body, ``server.errors`` every script failure (the
server answers 500 then). The live lane runs the real agent against this server in CI; see
``tests/support/record_pi.py`` for the Pi configuration (models.json, flags, environment).
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Self

__all__ = [
    "Call",
    "Conversation",
    "Script",
    "ScriptedModelServer",
    "TempOutputHarness",
    "ToolCallSpec",
    "Turn",
    "bash",
    "continue_offset",
    "continue_reading",
    "full_output_path",
    "read",
    "token_after",
]

MODEL_ID = "scripted-model"
_OFFSET_HINT = re.compile(r"Use offset=(\d+) to continue")
_FULL_OUTPUT = re.compile(r"Full output: ([^\]\n]+)\]")


# --- what the agent sent ------------------------------------------------------------------


def continue_offset(text: str | None) -> int | None:
    """The offset a truncated read told (``Use offset=N to continue``), the last one."""
    found = _OFFSET_HINT.findall(text or "")
    return int(found[-1]) if found else None


def full_output_path(text: str | None) -> str | None:
    """The handle a truncated producer named in its text (``Full output: PATH]``)."""
    found = _FULL_OUTPUT.findall(text or "")
    return found[-1].strip() if found else None


def _text_of(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [
            p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text"
        ]
        return "\n".join(str(p) for p in parts)
    return ""


@dataclass
class Call:
    """One tool call the model made, and the text of its result once the agent sent it."""

    id: str
    name: str
    arguments: dict[str, Any]
    turn: int  # index of the assistant message that made it (0-based)
    result: str | None = None
    result_index: int | None = None  # position of the result among the request's messages

    @property
    def path(self) -> str | None:
        for key in ("path", "file_path", "filePath"):
            value = self.arguments.get(key)
            if isinstance(value, str):
                return value
        return None


@dataclass
class Conversation:
    """The parsed messages of one request."""

    messages: list[dict[str, Any]]
    calls: list[Call]
    turns: int  # assistant messages so far
    prompt: str  # the first user message

    @classmethod
    def parse(cls, messages: Sequence[dict[str, Any]]) -> Conversation:
        calls: list[Call] = []
        by_id: dict[str, Call] = {}
        turns = 0
        prompt = ""
        for index, msg in enumerate(messages):
            role = msg.get("role")
            if role == "user" and not prompt:
                prompt = _text_of(msg.get("content"))
            elif role == "assistant":
                for tc in msg.get("tool_calls") or []:
                    fn = tc.get("function") or {}
                    raw = fn.get("arguments") or "{}"
                    try:
                        args = json.loads(raw) if isinstance(raw, str) else dict(raw)
                    except (ValueError, TypeError):
                        args = {"_raw": raw}
                    call = Call(
                        str(tc.get("id")),
                        str(fn.get("name")),
                        args if isinstance(args, dict) else {},
                        turns,
                    )
                    calls.append(call)
                    by_id[call.id] = call
                turns += 1
            elif role == "tool":
                answered = by_id.get(str(msg.get("tool_call_id")))
                if answered is not None and answered.result is None:
                    answered.result = _text_of(msg.get("content"))
                    answered.result_index = index
        return cls(list(messages), calls, turns, prompt)

    def calls_named(self, name: str) -> list[Call]:
        return [c for c in self.calls if c.name.lower() == name.lower()]

    def first_call(self, name: str) -> Call | None:
        found = self.calls_named(name)
        return found[0] if found else None

    def reads_of(self, path: str) -> list[Call]:
        return [c for c in self.calls_named("read") if c.path == path]

    @property
    def last_calls(self) -> list[Call]:
        """The calls of the latest assistant message (their results are the newest)."""
        return [c for c in self.calls if c.turn == self.turns - 1]


# --- what the script answers --------------------------------------------------------------


@dataclass(frozen=True)
class ToolCallSpec:
    name: str
    arguments: dict[str, Any]
    id: str | None = None  # default: derived from the turn number and position


@dataclass(frozen=True)
class Turn:
    """The next assistant message: tool calls (run in this order) and/or text."""

    text: str = ""
    tool_calls: tuple[ToolCallSpec, ...] = ()

    @classmethod
    def say(cls, text: str) -> Turn:
        return cls(text=text)

    @classmethod
    def call(cls, *specs: ToolCallSpec, text: str = "") -> Turn:
        return cls(text=text, tool_calls=tuple(specs))


def read(path: str, offset: int | None = None, limit: int | None = None) -> ToolCallSpec:
    args: dict[str, Any] = {"path": path}
    if offset is not None:
        args["offset"] = offset
    if limit is not None:
        args["limit"] = limit
    return ToolCallSpec("read", args)


def bash(command: str) -> ToolCallSpec:
    return ToolCallSpec("bash", {"command": command})


def continue_reading(conv: Conversation, path: str, marker: str) -> Turn | None:
    """Read ``path``, then follow each ``Use offset=N`` exactly until a result holds
    ``marker``. None when done (the marker came back) or stuck (no hint to follow)."""
    reads = conv.reads_of(path)
    if not reads:
        return Turn.call(read(path))
    if any(marker in (c.result or "") for c in reads):
        return None
    offset = continue_offset(reads[-1].result)
    return Turn.call(read(path, offset=offset)) if offset is not None else None


def token_after(conv: Conversation, marker: str) -> str | None:
    """The rest of the line starting with ``marker`` in any tool result the agent sent."""
    pattern = re.compile(rf"^\s*(?:\d+\s*[:|\t]\s*)?{re.escape(marker)}\s+(\S+)", re.MULTILINE)
    for call in conv.calls:
        found = pattern.search(call.result or "")
        if found:
            return found.group(1)
    return None


Script = Callable[[Conversation], Turn]


# --- the harness --------------------------------------------------------------------------


class TempOutputHarness:
    """Plays the harness of a temp-output case from inside the model server.

    When it first sees the result of producer occurrence ``occurrence`` (1-based, counting
    calls of the ``producer`` tool in order), it acts and records, each with
    ``after_call_id`` = that call's id:

    - ``cleanup``: ``"verified"`` deletes the source and records ``source_deleted`` with
      ``verified`` = it is gone; ``"not-deleted"`` leaves it and records the honest check
      (``verified: false``); ``"omit"`` deletes it but records nothing; ``"skip"`` neither.
    - ``handle_check``: ``"checked"`` records ``handle_checked`` from a real check of the
      handle in the result text; ``"omit"`` records nothing; ``"falsified"`` records the
      check with ``readable`` and ``fact_present`` forced false.
    - ``drop_handle``: after the check, delete the handle (as a temp-folder cleaner would),
      so the agent's later read of it fails.

    ``probe_path`` (when given) is rewritten after each change; ``events`` holds them.
    """

    def __init__(
        self,
        project: Path,
        source_path: str,
        fact: str,
        *,
        producer: str = "bash",
        occurrence: int = 1,
        cleanup: str = "verified",
        handle_check: str = "checked",
        probe_path: Path | None = None,
        drop_handle: bool = False,
    ) -> None:
        if cleanup not in ("verified", "not-deleted", "omit", "skip"):
            raise ValueError(f"cleanup mode {cleanup!r}")
        if handle_check not in ("checked", "omit", "falsified"):
            raise ValueError(f"handle_check mode {handle_check!r}")
        self.project = Path(project)
        self.source_path = source_path
        self.fact = fact
        self.producer = producer
        self.occurrence = occurrence
        self.cleanup = cleanup
        self.handle_check = handle_check
        self.probe_path = probe_path
        self.drop_handle = drop_handle
        self.events: list[dict[str, Any]] = []
        self.acted_on: str | None = None  # the producer call id, once acted
        self.handle: str | None = None

    def observe(self, conv: Conversation) -> None:
        if self.acted_on is not None:
            return
        producers = conv.calls_named(self.producer)
        if len(producers) < self.occurrence:
            return
        call = producers[self.occurrence - 1]
        if call.result is None:
            return
        self.acted_on = call.id
        self._cleanup(call.id)
        self._check_handle(call.id, full_output_path(call.result))
        if self.drop_handle and self.handle is not None:
            Path(self.handle).unlink(missing_ok=True)
        self._write()

    def _cleanup(self, call_id: str) -> None:
        source = self.project / self.source_path
        if self.cleanup in ("verified", "omit"):
            try:
                source.unlink()
            except FileNotFoundError:
                pass
        if self.cleanup in ("verified", "not-deleted"):
            gone = not os.path.lexists(source)
            self.events.append(
                {
                    "event": "source_deleted",
                    "path": self.source_path,
                    "verified": gone,
                    "after_call_id": call_id,
                }
            )

    def _check_handle(self, call_id: str, handle: str | None) -> None:
        self.handle = handle
        if self.handle_check == "omit" or handle is None:
            return
        try:
            data = Path(handle).read_bytes()
            readable, present = True, self.fact.encode() in data
        except OSError:
            readable = present = False
        if self.handle_check == "falsified":
            readable = present = False
        self.events.append(
            {
                "event": "handle_checked",
                "handle": handle,
                "readable": readable,
                "fact_present": present,
                "after_call_id": call_id,
            }
        )

    def probe(self) -> dict[str, Any]:
        return {"events": list(self.events)}

    def _write(self) -> None:
        if self.probe_path is not None and self.events:
            self.probe_path.write_text(json.dumps(self.probe(), indent=2) + "\n", encoding="utf-8")


# --- the server ---------------------------------------------------------------------------


def _usage(body: dict[str, Any]) -> dict[str, int]:
    prompt = len(json.dumps(body.get("messages", []))) // 4
    return {"prompt_tokens": prompt, "completion_tokens": 16, "total_tokens": prompt + 16}


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send_json(self, status: int, payload: object) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        if self.path.rstrip("/") in ("/v1/models", "/models"):
            self._send_json(
                200,
                {
                    "object": "list",
                    "data": [{"id": MODEL_ID, "object": "model", "owned_by": "sakshi"}],
                },
            )
        else:
            self._send_json(
                404, {"error": {"message": "not found", "type": "invalid_request_error"}}
            )

    def do_POST(self) -> None:
        if self.path.rstrip("/") not in ("/v1/chat/completions", "/chat/completions"):
            self._send_json(
                404, {"error": {"message": "not found", "type": "invalid_request_error"}}
            )
            return
        length = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            self._send_json(
                400, {"error": {"message": "invalid JSON", "type": "invalid_request_error"}}
            )
            return
        owner = self.server.owner
        try:
            turn, ids = owner.answer(body)
        except Exception as exc:  # noqa: BLE001 - the script failed: tell the agent and the test
            owner.errors.append("".join(traceback.format_exception(exc)))
            self._send_json(
                500, {"error": {"message": f"script error: {exc}", "type": "server_error"}}
            )
            return
        if body.get("stream"):
            self._stream(body, turn, ids)
        else:
            self._send_json(200, owner.completion(body, turn, ids))

    def _stream(self, body: dict[str, Any], turn: Turn, ids: list[str]) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        for chunk in self.server.owner.chunks(body, turn, ids):
            self.wfile.write(b"data: " + json.dumps(chunk).encode() + b"\n\n")
            self.wfile.flush()
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    owner: ScriptedModelServer


class ScriptedModelServer:
    """The server; a context manager (``start`` / ``stop``)."""

    def __init__(
        self,
        script: Script,
        *,
        harnesses: Iterable[Any] = (),
        lifetime: float = 300.0,
        model: str = MODEL_ID,
    ) -> None:
        self.script = script
        self.harnesses = list(harnesses)
        self.lifetime = lifetime
        self.model = model
        self.requests: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.expired = False
        self._lock = threading.Lock()
        self._httpd: _Server | None = None
        self._thread: threading.Thread | None = None
        self._timer: threading.Timer | None = None
        self._serial = 0

    # lifecycle
    def start(self) -> Self:
        httpd = _Server(("127.0.0.1", 0), _Handler)
        httpd.owner = self
        self._httpd = httpd
        self._thread = threading.Thread(
            target=httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True
        )
        self._thread.start()
        self._timer = threading.Timer(self.lifetime, self._expire)
        self._timer.daemon = True
        self._timer.start()
        return self

    def _expire(self) -> None:
        self.expired = True
        if self._httpd is not None:
            self._httpd.shutdown()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self._httpd is not None:
            if not self.expired:
                self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    # answering
    def answer(self, body: dict[str, Any]) -> tuple[Turn, list[str]]:
        with self._lock:
            self.requests.append(body)
            conv = Conversation.parse(body.get("messages") or [])
            for harness in self.harnesses:
                harness.observe(conv)
            turn = self.script(conv)
            if not isinstance(turn, Turn):
                raise TypeError(f"script returned {type(turn).__name__}, expected Turn")
            ids = [
                spec.id or f"call_{conv.turns + 1:02d}_{i + 1}"
                for i, spec in enumerate(turn.tool_calls)
            ]
            self._serial += 1
            return turn, ids

    def _base(self, kind: str) -> dict[str, Any]:
        return {
            "id": f"chatcmpl-scripted-{self._serial}",
            "object": kind,
            "created": int(time.time()),
            "model": self.model,
        }

    def completion(self, body: dict[str, Any], turn: Turn, ids: list[str]) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": turn.text or None}
        if turn.tool_calls:
            message["tool_calls"] = [
                {
                    "id": i,
                    "type": "function",
                    "function": {"name": s.name, "arguments": json.dumps(s.arguments)},
                }
                for i, s in zip(ids, turn.tool_calls, strict=True)
            ]
        finish = "tool_calls" if turn.tool_calls else "stop"
        return {
            **self._base("chat.completion"),
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": _usage(body),
        }

    def chunks(self, body: dict[str, Any], turn: Turn, ids: list[str]) -> list[dict[str, Any]]:
        base = self._base("chat.completion.chunk")

        def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

        out = [chunk({"role": "assistant", "content": ""})]
        if turn.text:
            # a few pieces, as a model streams them
            step = max(1, len(turn.text) // 3)
            out += [
                chunk({"content": turn.text[i : i + step]}) for i in range(0, len(turn.text), step)
            ]
        for index, (call_id, spec) in enumerate(zip(ids, turn.tool_calls, strict=True)):
            args = json.dumps(spec.arguments)
            half = len(args) // 2
            out.append(
                chunk(
                    {
                        "tool_calls": [
                            {
                                "index": index,
                                "id": call_id,
                                "type": "function",
                                "function": {"name": spec.name, "arguments": args[:half]},
                            }
                        ]
                    }
                )
            )
            out.append(
                chunk({"tool_calls": [{"index": index, "function": {"arguments": args[half:]}}]})
            )
        out.append(chunk({}, "tool_calls" if turn.tool_calls else "stop"))
        if (body.get("stream_options") or {}).get("include_usage"):
            out.append({**base, "choices": [], "usage": _usage(body)})
        return out
