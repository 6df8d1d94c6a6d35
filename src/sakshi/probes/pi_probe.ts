/**
 * sakshi's provenance probe for the Pi coding agent (sakshi.pi-probe.v2).
 *
 * Loaded by `sakshi live recovery` with `pi -e <this file>`. It plays the harness of a
 * temp-output case from inside the agent, at the one moment that proves the chain: right
 * after the producer tool's first successful result, before the model sees it.
 *
 * 1. It deletes the synthetic source from the fixture project and checks it is gone
 *    (`source_deleted`), so the only way left to the fact is the handle the tool issued.
 * 2. It checks that handle, `details.fullOutputPath` of that result: readable, and some
 *    line of it has the SHA-256 of the fact's line (`handle_checked`). The probe never
 *    knows the fact, only that hash.
 * 3. It writes `{"events": [...]}` (SPEC section 5) to `probe_out`, atomically. It writes
 *    an empty `{"events": []}` when it loads, so sakshi can tell "the probe ran and saw
 *    nothing" from "the probe never loaded".
 * 4. When Pi shuts down it seals the run (`seal_out`, sakshi.pi-seal.v1): the SHA-256 of the
 *    session as Pi holds it in memory (the file must be exactly that), of the probe.json it
 *    last wrote, and an HMAC-SHA256 of both under the run's key. The agent's tools run as
 *    the same user as Pi and can find and write those files; they cannot make a change
 *    match the seal without the key (sakshi/recovery/pi_seal.py checks it).
 *
 * The configuration is a JSON file named by the environment variable SAKSHI_PROBE_CONFIG.
 * The probe removes that variable from its environment and deletes the file as it loads,
 * before the model can run a tool: the file names the evidence's location. Keys: case_id,
 * source (relative to `project`), project, fact_line, fact_line_sha256, producer (a tool
 * name, or null: no events), probe_out, seal_out and seal_key_fd: an inherited pipe that
 * holds the key (64 hex digits), which the probe reads and closes, so no file ever holds
 * the key and no tool inherits it. No imports beyond Node's own: the file must load in any
 * Pi that loads extensions.
 */

import { createHash, createHmac } from "node:crypto";
import { closeSync, lstatSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

interface ProbeConfig {
	case_id: string;
	source: string;
	project: string;
	fact_line: number;
	fact_line_sha256: string;
	producer: string | null;
	probe_out: string;
	seal_out: string;
	seal_key_fd: number;
}

interface ToolResultEvent {
	toolName: string;
	toolCallId: string;
	details?: { fullOutputPath?: unknown } | null;
	isError?: boolean;
}

interface SessionView {
	getHeader(): unknown;
	getEntries(): unknown[];
	getSessionFile(): string | undefined;
}

interface PiApi {
	on(event: "tool_result", handler: (event: ToolResultEvent) => Promise<undefined> | undefined): void;
	on(event: "session_shutdown", handler: (event: unknown, ctx: { sessionManager: SessionView }) => void): void;
}

const SEAL_FORMAT = "sakshi.pi-seal.v1";

type ProbeEvent = Record<string, unknown>;

interface Loaded {
	config: ProbeConfig;
	key: Buffer;
}

function loadConfig(): Loaded {
	const path = process.env.SAKSHI_PROBE_CONFIG;
	if (!path) {
		throw new Error("sakshi probe: SAKSHI_PROBE_CONFIG is not set");
	}
	// The agent's bash tool inherits this process's environment: keep the config's name out.
	delete process.env.SAKSHI_PROBE_CONFIG;
	const config = JSON.parse(readFileSync(path, "utf-8")) as ProbeConfig;
	// The file holds the seal's key: gone before the model can run a tool, or no probe at all
	// (unlinkSync throws, Pi reports the extension failed, and sakshi finds no seal).
	unlinkSync(path);
	const key = readFileSync(config.seal_key_fd, "utf-8").trim();
	closeSync(config.seal_key_fd);
	if (!/^[0-9a-f]{64}$/.test(key)) {
		throw new Error("sakshi probe: no seal key in its pipe");
	}
	return { config, key: Buffer.from(key, "hex") };
}

function sha256(text: string): string {
	return createHash("sha256").update(text, "utf-8").digest("hex");
}

function writeAtomically(out: string, text: string): void {
	const temp = `${out}.tmp-${process.pid}`;
	writeFileSync(temp, text, "utf-8");
	renameSync(temp, out);
}

/** Writes probe.json; returns its text, which the seal covers. */
function writeEvents(out: string, events: ProbeEvent[]): string {
	const text = `${JSON.stringify({ events }, null, 2)}\n`;
	writeAtomically(out, text);
	return text;
}

/** The session as Pi wrote it: the header, then each entry, `JSON.stringify` and a newline. */
function sessionText(session: SessionView): string {
	const header = session.getHeader();
	const entries = header === null ? session.getEntries() : [header, ...session.getEntries()];
	return entries.map((entry) => `${JSON.stringify(entry)}\n`).join("");
}

/** The seal's MAC input, one field a line (sakshi/recovery/pi_seal.py: seal_mac). */
function sealMessage(fields: string[]): string {
	return `${fields.join("\n")}\n`;
}

function writeSeal(config: ProbeConfig, key: Buffer, session: SessionView, probeText: string): void {
	const seal = {
		seal: SEAL_FORMAT,
		case_id: config.case_id,
		session_file: basename(session.getSessionFile() ?? ""),
		session_sha256: sha256(sessionText(session)),
		probe_sha256: sha256(probeText),
	};
	const message = sealMessage([seal.seal, seal.case_id, seal.session_file, seal.session_sha256, seal.probe_sha256]);
	const mac = createHmac("sha256", key).update(message, "utf-8").digest("hex");
	writeAtomically(config.seal_out, `${JSON.stringify({ ...seal, mac }, null, 2)}\n`);
}

function gone(path: string): boolean {
	try {
		lstatSync(path);
		return false;
	} catch {
		return true;
	}
}

function deleteSource(config: ProbeConfig): boolean {
	const path = join(config.project, config.source);
	try {
		unlinkSync(path);
	} catch {
		// Already gone, or not deletable: the check below tells which.
	}
	return gone(path);
}

function checkHandle(handle: string | null, sha256: string): { readable: boolean; factPresent: boolean } {
	if (handle === null) {
		return { readable: false, factPresent: false };
	}
	let data: Buffer;
	try {
		data = readFileSync(handle);
	} catch {
		return { readable: false, factPresent: false };
	}
	let start = 0;
	while (start <= data.length) {
		let end = data.indexOf(0x0a, start);
		if (end === -1) end = data.length;
		let stop = end;
		if (stop > start && data[stop - 1] === 0x0d) stop -= 1; // a CRLF line compares without its CR
		if (createHash("sha256").update(data.subarray(start, stop)).digest("hex") === sha256) {
			return { readable: true, factPresent: true };
		}
		start = end + 1;
	}
	return { readable: true, factPresent: false };
}

export default function sakshiProbe(pi: PiApi): void {
	const { config, key } = loadConfig();
	const events: ProbeEvent[] = [];
	let probeText = writeEvents(config.probe_out, events);
	pi.on("session_shutdown", (_event, ctx) => {
		writeSeal(config, key, ctx.sessionManager, probeText);
	});
	const producer = config.producer === null ? null : config.producer.toLowerCase();
	if (producer === null) {
		return; // a read-offset case: nothing to delete, no handle to check
	}
	let acted = false;
	pi.on("tool_result", async (event) => {
		// Only the producer's first successful result: a failed producer leaves the source in
		// place, and the validator reports that chain (PRODUCER_FAILED, REPEATED_PRODUCER).
		if (acted || event.isError === true || event.toolName.toLowerCase() !== producer) {
			return undefined;
		}
		acted = true;
		const verified = deleteSource(config);
		events.push({ event: "source_deleted", path: config.source, verified, after_call_id: event.toolCallId });
		const raw = event.details?.fullOutputPath;
		const handle = typeof raw === "string" && raw.length > 0 ? raw : null;
		const { readable, factPresent } = checkHandle(handle, config.fact_line_sha256);
		events.push({
			event: "handle_checked",
			handle,
			readable,
			fact_present: factPresent,
			after_call_id: event.toolCallId,
		});
		probeText = writeEvents(config.probe_out, events);
		return undefined; // the result goes to the model unchanged
	});
}
