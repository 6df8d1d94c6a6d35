"""Which of the caller's environment variables one live-lane arm's Pi may see: the credentials
its provider reads, and nothing else. Pure.

The agent's shell inherits Pi's environment and a session records whatever a command
printed, so a variable that the arm's provider does not read never reaches Pi. The table is
what the built-in providers of every certified Pi read (pi-ai's ``env-api-keys.js`` of 0.73.1,
0.85.1 and 1.6.0, together); a ``--models-json`` provider reads what its ``apiKey`` and
``headers`` name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

__all__ = ["credential_names"]

# Each built-in provider's variables; a name ending in "_" is a prefix (AWS_ is every AWS_*).
_SINGLE_KEY = (
    "openai", "deepseek", "groq", "cerebras", "xai", "openrouter", "zai", "mistral", "minimax",
    "minimax-cn", "fireworks", "opencode", "xiaomi", "xiaomi-token-plan-cn",
    "xiaomi-token-plan-ams", "xiaomi-token-plan-sgp", "ant-ling", "nvidia", "typesafe",
    "radius", "zai-coding-cn", "together", "baseten", "meta",
)  # fmt: skip
_QWEN_PLAN = "QWEN_TOKEN_PLAN_"
# 1.x adds a bearer token and workload identity federation to the key and the OAuth token.
_ANTHROPIC_ENV = (
    "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_OAUTH_TOKEN", "ANTHROPIC_API_KEY",
    "ANTHROPIC_FEDERATION_RULE_ID", "ANTHROPIC_ORGANIZATION_ID", "ANTHROPIC_SERVICE_ACCOUNT_ID",
    "ANTHROPIC_IDENTITY_TOKEN_FILE", "ANTHROPIC_WORKSPACE_ID",
)  # fmt: skip
_PROVIDER_ENV: Mapping[str, tuple[str, ...]] = {
    **{name: (name.upper().replace("-", "_") + "_API_KEY",) for name in _SINGLE_KEY},
    "anthropic": _ANTHROPIC_ENV,
    "azure": ("AZURE_OPENAI_",),
    "qwen-token-plan": (f"{_QWEN_PLAN}TEAM_API_KEY", f"{_QWEN_PLAN}API_KEY"),
    "qwen-token-plan-cn": (f"{_QWEN_PLAN}TEAM_CN_API_KEY", f"{_QWEN_PLAN}CN_API_KEY"),
    "qwen-token-plan-individual": (f"{_QWEN_PLAN}INDIVIDUAL_API_KEY", f"{_QWEN_PLAN}API_KEY"),
    "qwen-token-plan-individual-cn": (
        f"{_QWEN_PLAN}INDIVIDUAL_CN_API_KEY",
        f"{_QWEN_PLAN}CN_API_KEY",
    ),
    "github-copilot": ("COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN"),
    "amazon-bedrock": ("AWS_",),
    "azure-openai-responses": ("AZURE_OPENAI_",),
    "google": ("GEMINI_API_KEY",),
    "google-vertex": (
        "GOOGLE_CLOUD_API_KEY",
        "GOOGLE_CLOUD_PROJECT",
        "GCLOUD_PROJECT",
        "GOOGLE_CLOUD_LOCATION",
        "GOOGLE_APPLICATION_CREDENTIALS",
    ),
    "huggingface": ("HF_TOKEN",),
    "vercel-ai-gateway": ("AI_GATEWAY_API_KEY",),
    "moonshotai": ("MOONSHOT_API_KEY",),
    "moonshotai-cn": ("MOONSHOT_API_KEY",),
    "opencode-go": ("OPENCODE_API_KEY",),
    "kimi-coding": ("KIMI_API_KEY",),
    "cloudflare-workers-ai": ("CLOUDFLARE_API_KEY",),
    "cloudflare-ai-gateway": ("CLOUDFLARE_API_KEY",),
}


def credential_names(
    provider: str, environ: Iterable[str], models_json_env: Mapping[str, frozenset[str]]
) -> list[str]:
    """The caller's variables one arm's provider needs: Pi's own table, plus the variables a
    ``--models-json`` provider names. A provider known to neither gets every ``*_API_KEY``
    (a newer Pi may know providers this table does not)."""
    names = sorted(environ)
    wanted = _PROVIDER_ENV.get(provider)
    if wanted is None and provider not in models_json_env:
        return [name for name in names if name.endswith("_API_KEY")]
    extra = models_json_env.get(provider, frozenset())

    def needed(name: str) -> bool:
        # A wanted name ending in "_" is a prefix (AWS_ covers every AWS_* variable).
        return name in extra or any(
            name.startswith(entry) if entry.endswith("_") else name == entry
            for entry in wanted or ()
        )

    return [name for name in names if needed(name)]
