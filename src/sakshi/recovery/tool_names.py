"""Which tool names a report may print (SPEC section 5). Pure data and one function.

The model chooses its tool names, and a name can carry a fact: the fact itself, in hex,
reversed, dotted, or split across two names. Screening names for the fact cannot catch
every encoding, so a report prints a name only when it is a known tool: the tools every
case knows (read, bash, grep, find, ls, edit, write), the case's producer, and the built-in
tools of the agent whose format the trace was read in. Any other name is shown as
``other`` and counted (``other_tool_calls``), never printed.

The built-ins are each agent's own published tool names, lower-cased as the readers
lower-case every name: Claude Code's tools reference, Codex CLI's and Gemini CLI's tool
registries, the Cline SDK's tools, and the tools the OpenAI Responses, Anthropic
Messages and Gemini APIs define themselves. A Chat Completions list or a sakshi trace has no tools
of its own: only the common ones and the producer are known there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

__all__ = ["ANY_KNOWN_TOOL", "CORE_TOOLS", "OTHER", "known_tools", "screen_tool_names"]

# What a report shows in place of a name it does not know.
OTHER = "other"

# The tools every case knows (the corpus's words: read, bash, grep, find, ls, edit, write).
CORE_TOOLS = frozenset({"read", "bash", "grep", "find", "ls", "edit", "write"})

_ANTHROPIC = frozenset(
    {
        "bash",
        "bash_code_execution",
        "code_execution",
        "computer",
        "memory",
        "str_replace_based_edit_tool",
        "str_replace_editor",
        "text_editor_code_execution",
        "tool_search_tool_bm25",
        "tool_search_tool_regex",
        "web_fetch",
        "web_search",
    }
)
_RESPONSES = frozenset(
    {
        "apply_patch",
        "code_interpreter",
        "computer",
        "file_search",
        "image_generation",
        "local_shell",
        "shell",
        "tool_search",
        "web_search",
    }
)

# Gemini CLI's tools: its sessions (JSON and JSONL) and stream-json output name them.
_GEMINI = frozenset(
    {
        "glob",
        "google_web_search",
        "list_directory",
        "read_file",
        "read_many_files",
        "replace",
        "run_shell_command",
        "save_memory",
        "search_file_content",
        "web_fetch",
        "write_file",
        "write_todos",
    }
)

# Built-in tools by the format a reader names (a Pi session is "pi-v1" .. "pi-v3": "pi").
BUILTIN_TOOLS: Mapping[str, frozenset[str]] = {
    "sakshi": frozenset(),
    "pi": frozenset(),  # Pi's tools are the core ones
    "openai": frozenset(),
    "claude": frozenset(
        {
            "agent",
            "askuserquestion",
            "bashoutput",
            "enterplanmode",
            "exitplanmode",
            "glob",
            "killbash",
            "killshell",
            "listmcpresourcestool",
            "lsp",
            "multiedit",
            "notebookedit",
            "notebookread",
            "readmcpresourcetool",
            "skill",
            "slashcommand",
            "task",
            "taskoutput",
            "todoread",
            "todowrite",
            "webfetch",
            "websearch",
        }
    ),
    "anthropic": _ANTHROPIC,
    "openai-responses": _RESPONSES,
    "codex-cli": _RESPONSES
    | frozenset(
        {
            "exec_command",
            "grep_files",
            "list_dir",
            "read_file",
            "shell_command",
            "update_plan",
            "view_image",
            "write_stdin",
        }
    ),
    "gemini-cli": _GEMINI,
    "gemini-cli-jsonl": _GEMINI,
    "gemini-stream-json": _GEMINI,
    # The Gemini API's own tools: code execution and the server-side tool types.
    "gemini-api": frozenset(
        {
            "code_execution",
            "file_search",
            "google_maps",
            "google_search_image",
            "google_search_web",
            "url_context",
        }
    ),
    "cline": frozenset(
        {
            "access_mcp_resource",
            "apply_patch",
            "ask_followup_question",
            "ask_question",
            "attempt_completion",
            "browser_action",
            "editor",
            "execute_command",
            "fetch_web_content",
            "list_code_definition_names",
            "list_files",
            "new_task",
            "plan_mode_respond",
            "read_file",
            "read_files",
            "replace_in_file",
            "run_commands",
            "search_codebase",
            "search_files",
            "submit_and_exit",
            "use_mcp_tool",
            "web_fetch",
            "write_to_file",
        }
    ),
    # GitHub Copilot CLI's tools, as its session events name them.
    "copilot-cli": frozenset(
        {
            "apply_patch",
            "create",
            "fetch_copilot_cli_documentation",
            "glob",
            "list_bash",
            "read_bash",
            "report_intent",
            "rg",
            "skill",
            "stop_bash",
            "str_replace_editor",
            "task",
            "update_todo",
            "view",
            "web_fetch",
            "write_bash",
        }
    ),
    # OpenCode's built-in tools (its tool registry).
    "opencode": frozenset(
        {
            "apply_patch",
            "codesearch",
            "glob",
            "list",
            "lsp",
            "multiedit",
            "patch",
            "question",
            "skill",
            "task",
            "todoread",
            "todowrite",
            "webfetch",
            "websearch",
        }
    ),
    # Cline's panel names its tools in camelCase (readFile, ...), its commands and MCP
    # resource reads as the API tools do.
    "cline-ui": frozenset(
        {
            "access_mcp_resource",
            "browser_action",
            "editedexistingfile",
            "execute_command",
            "filedeleted",
            "listcodedefinitionnames",
            "listfilesrecursive",
            "listfilestoplevel",
            "newfilecreated",
            "readfile",
            "searchfiles",
            "summarizetask",
            "useskill",
            "webfetch",
            "websearch",
        }
    ),
    # OpenHands's function-calling tools, the actions it runs from the agent's text, and
    # the tools of its 1.x SDK.
    "openhands": frozenset(
        {
            "apply_patch",
            "file_editor",
            "glob",
            "grep",
            "planning_file_editor",
            "terminal",
            "browse",
            "browse_interactive",
            "browser",
            "call_tool_mcp",
            "delegate",
            "edit_file",
            "execute_bash",
            "execute_ipython_cell",
            "finish",
            "ipython",
            "request_condensation",
            "str_replace_editor",
            "task_tracker",
            "think",
        }
    ),
    "swe-agent": frozenset(),  # every step is a bash call
    "mini-swe-agent": frozenset(),  # its one tool is bash
    # Kimi Code CLI: the Python CLI's default agent (kimi_cli/agents/default/agent.yaml)
    # and Kimi Code's tools (agent-core-v2/src/agent/tools).
    "kimi-cli": frozenset(
        {
            "agent",
            "askuserquestion",
            "enterplanmode",
            "exitplanmode",
            "fetchurl",
            "glob",
            "readfile",
            "readmediafile",
            "searchweb",
            "settodolist",
            "shell",
            "strreplacefile",
            "task",
            "tasklist",
            "taskoutput",
            "taskstop",
            "think",
            "writefile",
        }
    ),
}

# Every name known in some format: for a report whose traces are no longer at hand.
ANY_KNOWN_TOOL = CORE_TOOLS.union(*BUILTIN_TOOLS.values())


def known_tools(source_format: str, producer: str | None = None) -> frozenset[str]:
    """The names a report of a trace in ``source_format`` may print for a case whose
    producer is ``producer``."""
    family = "pi" if source_format.startswith("pi-v") else source_format
    known = CORE_TOOLS | BUILTIN_TOOLS.get(family, frozenset())
    return known | {producer.lower()} if producer else known


def screen_tool_names(names: Iterable[str], known: frozenset[str]) -> tuple[tuple[str, ...], int]:
    """The names as a report shows them (sorted, unique, an unknown one as OTHER), and how
    many of the given names (one per call) were not known."""
    shown: set[str] = set()
    others = 0
    for name in names:
        low = name.lower()
        if low in known:
            shown.add(low)
        else:
            shown.add(OTHER)
            others += 1
    return tuple(sorted(shown)), others
